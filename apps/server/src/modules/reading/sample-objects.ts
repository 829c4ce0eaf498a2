/**
 * What a PDF page draws, read from its content: the resource names its content streams use, the
 * streams that make up the page (its content, and the images and forms it names, through forms inside
 * forms), and a copier that moves objects from one PDF into another while leaving out everything that
 * points at pages, the document's structure, or runs something. Used to cut samples (cut-sample.ts).
 */
import { createHash } from 'node:crypto';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFName,
  PDFNull,
  PDFRawStream,
  PDFRef,
  type PDFContext,
  type PDFObject,
  type PDFPageLeaf,
} from 'pdf-lib';
import { PdfRefusal } from '../files/pdf-documents.js';

/** The kinds of resources a content stream names (Resources' sub-dictionaries). */
export const RESOURCE_KINDS = ['Font', 'XObject', 'ExtGState', 'ColorSpace', 'Pattern', 'Shading', 'Properties'];

/**
 * Keys never copied: they point at pages or the document's structure (Parent, P, annotations,
 * destinations, threads), run something (actions, JavaScript), or carry other documents or metadata.
 */
export const DROPPED_KEYS = new Set([
  'Parent',
  'P',
  'Annots',
  'AA',
  'A',
  'OpenAction',
  'JS',
  'JavaScript',
  'Metadata',
  'PieceInfo',
  'StructParent',
  'StructParents',
  'B',
  'Dest',
  'Dests',
  'Names',
  'Outlines',
  'AcroForm',
  'EmbeddedFiles',
  'EF',
  'Threads',
  'URI',
  'Ref',
  'OCProperties',
]);

/** Object types that never belong in a sample (they are pages of the book, links, files or actions). */
export const DROPPED_TYPES = new Set([
  'Page',
  'Pages',
  'Catalog',
  'Outlines',
  'Annot',
  'Filespec',
  'EmbeddedFile',
  'Action',
]);

const unavailable = () => new PdfRefusal('SAMPLE_UNAVAILABLE', 'No sample can be made from this book.');

export function nameText(name: PDFName): string {
  return name.decodeText();
}

export function typeOf(dict: PDFDict): string | undefined {
  const type = dict.get(PDFName.of('Type'));
  return type instanceof PDFName ? nameText(type) : undefined;
}

export function hashOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64');
}

/** A stream's decoded bytes (content streams are usually Flate); a filter pdf-lib cannot undo refuses. */
export function decoded(stream: PDFRawStream): Uint8Array {
  try {
    return decodePDFRawStream(stream).decode();
  } catch {
    throw unavailable();
  }
}

/** The names a content stream writes (`/F1 12 Tf`, `/Im3 Do`, ...), decoded (#20 → space). */
export function namesIn(content: Uint8Array): Set<string> {
  const text = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('latin1');
  const names = new Set<string>();
  for (const match of text.matchAll(/\/([^\s/[\]<>(){}%]*)/g)) {
    names.add(match[1]!.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
  }
  return names;
}

/** A page's content streams, with their references (a page may have one stream or an array). */
export function pageContents(context: PDFContext, leaf: PDFPageLeaf): { ref?: PDFRef; stream: PDFRawStream }[] {
  const raw = leaf.get(PDFName.of('Contents'));
  const items = raw instanceof PDFArray ? raw.asArray() : raw ? [raw] : [];
  const found: { ref?: PDFRef; stream: PDFRawStream }[] = [];
  for (const item of items) {
    const stream = context.lookup(item);
    if (stream instanceof PDFRawStream) found.push({ ref: item instanceof PDFRef ? item : undefined, stream });
  }
  return found;
}

function subDict(context: PDFContext, resources: PDFDict | undefined, kind: string): PDFDict | undefined {
  const value = resources ? context.lookup(resources.get(PDFName.of(kind))) : undefined;
  return value instanceof PDFDict ? value : undefined;
}

/**
 * The names that content under `resources` uses: its own, and those of the forms it draws that have
 * no resources of their own (they use the page's).
 */
export function usedNames(context: PDFContext, resources: PDFDict | undefined, contents: Uint8Array[]): Set<string> {
  const names = new Set<string>();
  for (const content of contents) for (const name of namesIn(content)) names.add(name);
  const xobjects = subDict(context, resources, 'XObject');
  if (!xobjects) return names;
  const seen = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [key, value] of xobjects.entries()) {
      const name = nameText(key);
      if (!names.has(name) || seen.has(name)) continue;
      seen.add(name);
      const form = context.lookup(value);
      if (form instanceof PDFRawStream && isForm(form) && !form.dict.get(PDFName.of('Resources'))) {
        for (const inner of namesIn(decoded(form))) {
          if (!names.has(inner)) grew = true;
          names.add(inner);
        }
      }
    }
  }
  return names;
}

export function isForm(stream: PDFRawStream): boolean {
  const subtype = stream.dict.get(PDFName.of('Subtype'));
  return subtype instanceof PDFName && nameText(subtype) === 'Form';
}

/**
 * The streams a page is made of: its content, and the images and forms its content names (forms
 * inside forms included). Content hashes let a sample be checked against the pages it left out.
 */
export function pageStreamHashes(context: PDFContext, leaf: PDFPageLeaf): Set<string> {
  const hashes = new Set<string>();
  const contents = pageContents(context, leaf).map((item) => item.stream);
  const visit = (resources: PDFDict | undefined, streams: PDFRawStream[], depth: number) => {
    for (const stream of streams) hashes.add(hashOf(stream.contents));
    if (depth > 16) return;
    const names = usedNames(
      context,
      resources,
      streams.map((stream) => decoded(stream)),
    );
    const xobjects = subDict(context, resources, 'XObject');
    if (!xobjects) return;
    for (const [key, value] of xobjects.entries()) {
      if (!names.has(nameText(key))) continue;
      const target = context.lookup(value);
      if (!(target instanceof PDFRawStream)) continue;
      hashes.add(hashOf(target.contents));
      if (isForm(target)) {
        const own = context.lookup(target.dict.get(PDFName.of('Resources')));
        if (own instanceof PDFDict) visit(own, [target], depth + 1);
      }
    }
  };
  visit(leaf.Resources(), contents, 0);
  return hashes;
}

/**
 * Copies objects from `source` into `target`: references are given new numbers and copied once,
 * breadth first (a long chain of references cannot exhaust the stack). Blocked references and dropped
 * keys become nothing; the resources of forms, tiling patterns and Type 3 fonts keep only what their
 * own content names.
 */
export class ObjectCopier {
  private readonly copied = new Map<PDFRef, PDFRef>();
  private readonly queue: [PDFRef, PDFRef][] = [];

  constructor(
    private readonly source: PDFContext,
    private readonly target: PDFContext,
    private readonly blocked: Set<PDFRef>,
  ) {}

  copy(value: PDFObject): PDFObject {
    if (value instanceof PDFRef) return this.copyRef(value);
    if (value instanceof PDFRawStream) return this.copyStream(value);
    if (value instanceof PDFDict) return this.copyDict(value);
    if (value instanceof PDFArray) {
      const array = PDFArray.withContext(this.target);
      for (const item of value.asArray()) array.push(this.copy(item));
      return array;
    }
    // Names, numbers, strings, booleans and null hold no references.
    return value;
  }

  /** Copies everything referenced so far (call after the last copy()). */
  drain(): void {
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      const [from, to] = next;
      this.target.assign(to, this.copy(this.source.lookup(from) ?? PDFNull));
    }
  }

  /** `resources`, with only the entries whose names `names` holds. */
  filteredResources(resources: PDFDict | undefined, names: Set<string>): PDFDict {
    const out = PDFDict.withContext(this.target);
    if (!resources) return out;
    for (const kind of RESOURCE_KINDS) {
      const entries = subDict(this.source, resources, kind);
      if (!entries) continue;
      const kept = PDFDict.withContext(this.target);
      for (const [key, value] of entries.entries()) {
        if (names.has(nameText(key))) kept.set(key, this.copy(value));
      }
      if (kept.entries().length > 0) out.set(PDFName.of(kind), kept);
    }
    const procSet = this.source.lookup(resources.get(PDFName.of('ProcSet')));
    if (procSet instanceof PDFArray) out.set(PDFName.of('ProcSet'), this.copy(procSet));
    return out;
  }

  private copyRef(ref: PDFRef): PDFObject {
    if (this.blocked.has(ref)) return PDFNull;
    const known = this.copied.get(ref);
    if (known) return known;
    if (this.source.lookup(ref) === undefined) return PDFNull;
    const fresh = this.target.nextRef();
    this.copied.set(ref, fresh);
    this.queue.push([ref, fresh]);
    return fresh;
  }

  private copyStream(stream: PDFRawStream): PDFRawStream {
    const patternType = stream.dict.get(PDFName.of('PatternType'));
    const drawsContent = isForm(stream) || (patternType !== undefined && patternType.toString() === '1');
    const resources = drawsContent ? this.ownResources(stream.dict, [decoded(stream)]) : undefined;
    return PDFRawStream.of(this.copyDict(stream.dict, resources), stream.contents);
  }

  private copyDict(dict: PDFDict, resources?: PDFDict): PDFDict {
    const type = typeOf(dict);
    if (type && DROPPED_TYPES.has(type)) return PDFDict.withContext(this.target);
    const subtype = dict.get(PDFName.of('Subtype'));
    if (!resources && subtype instanceof PDFName && nameText(subtype) === 'Type3') {
      const procs = this.source.lookup(dict.get(PDFName.of('CharProcs')));
      const glyphs =
        procs instanceof PDFDict
          ? procs
              .entries()
              .map(([, value]) => this.source.lookup(value))
              .filter((value): value is PDFRawStream => value instanceof PDFRawStream)
              .map((stream) => decoded(stream))
          : [];
      resources = this.ownResources(dict, glyphs);
    }
    const out = PDFDict.withContext(this.target);
    for (const [key, value] of dict.entries()) {
      const name = nameText(key);
      if (DROPPED_KEYS.has(name)) continue;
      if (name === 'Resources' && resources) out.set(key, resources);
      else out.set(key, this.copy(value));
    }
    return out;
  }

  /** The resources of a form, pattern or Type 3 font, kept to what its own content names. */
  private ownResources(dict: PDFDict, contents: Uint8Array[]): PDFDict | undefined {
    const own = this.source.lookup(dict.get(PDFName.of('Resources')));
    if (!(own instanceof PDFDict)) return undefined;
    return this.filteredResources(own, usedNames(this.source, own, contents));
  }
}
