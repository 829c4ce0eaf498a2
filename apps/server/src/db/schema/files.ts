import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/**
 * Metadata of a stored file. The bytes live in the FileStore (content-addressed by sha256);
 * identical content uploaded twice is stored once and has one row.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    sha256: text('sha256').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** A PDF's page count, learnt when it was inspected at upload. */
    pages: integer('pages'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_sha256_mime_idx').on(t.sha256, t.mime)],
);

export type FileRow = typeof files.$inferSelect;
