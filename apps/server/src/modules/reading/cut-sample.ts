/**
 * Cutting a sample ("Read A Little") from a book's PDF, in the document pool (never on the request
 * thread). The sample is rebuilt, not copied: a fresh PDF whose pages are made of the chosen pages'
 * content streams and only the resources that content names. Nothing else is taken from the book: no
 * annotations (links to other pages), outline, named destinations, actions or JavaScript, attachments,
 * form fields or metadata. Title and author come from the catalogue.
 *
 * Then the result is checked: it is read back, and no stream of a page left out (its content, or an
 * image or form only it draws) may be in it, nor any link, action, attachment or outline. A sample
 * that fails the check is refused, never served.
 */
import { samplePageCount } from '@ebook/shared';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
  type PDFContext,
  type PDFPageLeaf,
} from 'pdf-lib';
import { loadUntrusted, PdfRefusal } from '../files/pdf-documents.js';
import {
  decoded,
  DROPPED_KEYS,
  DROPPED_TYPES,
  hashOf,
  nameText,
  ObjectCopier,
  pageContents,
  pageStreamHashes,
  typeOf,
  usedNames,
} from './sample-objects.js';

export interface CutSample {
  bytes: Uint8Array;
  pages: number;
  total: number;
}

const unavailable = () => new PdfRefusal('SAMPLE_UNAVAILABLE', 'No sample can be made from this book.');

/** Page attributes copied to the sample's pages (looked up through the page tree where inheritable). */
const BOXES = ['MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox', 'Rotate', 'UserUnit', 'Group'];

export async function cutSample(
  pdf: Uint8Array,
  chosen: number | null,
  about: { title: string; author: string },
): Promise<CutSample> {
  const source = await loadUntrusted(pdf);
  const leaves = source.getPages().map((page) => page.node);
  const total = leaves.length;
  const count = samplePageCount(total, chosen);
  if (count < 1) throw unavailable();
  const kept = leaves.slice(0, count);
  const left = leaves.slice(count);

  const sample = await PDFDocument.create({ updateMetadata: false });
  const copier = new ObjectCopier(source.context, sample.context, blockedRefs(source.context, kept, left));
  for (const leaf of kept) {
    const contents = pageContents(source.context, leaf);
    const resources = leaf.Resources();
    const names = usedNames(
      source.context,
      resources,
      contents.map((item) => decoded(item.stream)),
    );
    const page = sample.addPage();
    for (const key of BOXES) {
      const value =
        key === 'MediaBox' || key === 'CropBox' || key === 'Rotate' ? inherited(leaf, key) : leaf.get(PDFName.of(key));
      if (value !== undefined) page.node.set(PDFName.of(key), copier.copy(value));
    }
    page.node.set(PDFName.of('Resources'), copier.filteredResources(resources, names));
    const streams = PDFArray.withContext(sample.context);
    for (const item of contents) streams.push(item.ref ? copier.copy(item.ref) : copier.copy(item.stream));
    page.node.set(PDFName.of('Contents'), streams);
  }
  copier.drain();

  sample.setTitle(`${about.title} (sample)`);
  sample.setAuthor(about.author);
  sample.setCreator('E-book store sample');
  sample.setProducer('E-book store');
  const bytes = await sample.save({ useObjectStreams: false, updateFieldAppearances: false });
  await verifySample(source.context, kept, left, bytes);
  return { bytes, pages: count, total };
}

/**
 * The check after the cut, on its own: refuses `sample` (SAMPLE_UNAVAILABLE) unless it holds the
 * first `keptPages` pages of `book` and nothing of the others. Lets a test prove the check catches
 * what a naive copy of the pages would leak.
 */
export async function checkSample(book: Uint8Array, keptPages: number, sample: Uint8Array): Promise<void> {
  const source = await loadUntrusted(book);
  const leaves = source.getPages().map((page) => page.node);
  await verifySample(source.context, leaves.slice(0, keptPages), leaves.slice(keptPages), sample);
}

function inherited(leaf: PDFPageLeaf, key: string) {
  return leaf.getInheritableAttribute(PDFName.of(key));
}

/**
 * References the copy must never follow: the book's pages and page tree, its catalogue, outline,
 * links, files and actions, and the content streams of the pages left out (unless a kept page draws
 * the very same stream).
 */
function blockedRefs(context: PDFContext, kept: PDFPageLeaf[], left: PDFPageLeaf[]): Set<PDFRef> {
  const blocked = new Set<PDFRef>();
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFRawStream ? object.dict : object;
    const type = dict instanceof PDFDict ? typeOf(dict) : undefined;
    if (type && DROPPED_TYPES.has(type)) blocked.add(ref);
  }
  const keptContent = new Set(kept.flatMap((leaf) => pageContents(context, leaf).map((item) => item.ref)));
  for (const leaf of left) {
    for (const { ref } of pageContents(context, leaf)) if (ref && !keptContent.has(ref)) blocked.add(ref);
  }
  return blocked;
}

/**
 * Reads the sample back and refuses it unless it has exactly the kept pages, no stream that only a
 * page left out draws, and nothing that links, acts, attaches or outlines.
 */
async function verifySample(context: PDFContext, kept: PDFPageLeaf[], left: PDFPageLeaf[], bytes: Uint8Array) {
  const allowed = new Set<string>();
  for (const leaf of kept) for (const hash of pageStreamHashes(context, leaf)) allowed.add(hash);
  const forbidden = new Set<string>();
  for (const leaf of left) {
    for (const hash of pageStreamHashes(context, leaf)) if (!allowed.has(hash)) forbidden.add(hash);
  }
  const sample = await PDFDocument.load(bytes, { updateMetadata: false });
  if (sample.getPageCount() !== kept.length) throw unavailable();
  for (const key of sample.catalog.keys()) if (DROPPED_KEYS.has(nameText(key))) throw unavailable();
  for (const [ref, object] of sample.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream && forbidden.has(hashOf(object.contents))) throw unavailable();
    const dict = object instanceof PDFRawStream ? object.dict : object;
    if (!(dict instanceof PDFDict) || ref === sample.context.trailerInfo.Root) continue;
    const type = typeOf(dict);
    if (type && DROPPED_TYPES.has(type) && type !== 'Page' && type !== 'Pages') throw unavailable();
    for (const key of dict.keys()) {
      const name = nameText(key);
      if (DROPPED_KEYS.has(name) && !(name === 'Parent' && (type === 'Page' || type === 'Pages'))) throw unavailable();
    }
  }
}
