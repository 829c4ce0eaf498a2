/**
 * A rule an uploaded document breaks (a PDF, an EPUB, a calibre library), answered 422 with its code.
 * Each reader refuses with its own subclass; the document worker tells a refusal from a crash by this
 * class alone, so the file imports nothing a job would not otherwise load.
 */
import type { ErrorCode } from '@ebook/shared';

export class DocumentRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
