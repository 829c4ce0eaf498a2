/**
 * Crafted PDFs, as an attacker or an ordinary book-making tool would make them, for the tests and the
 * benchmarks: files that defeat parsers (millions of objects, deep nesting, huge arrays) and books
 * whose pages point at other pages (links, shared resources, contents pages, outlines, named
 * destinations), with attachments and scripts. Every page of a book carries unique marker text, in its
 * content and in a form it draws, so a sample can be searched for the pages it must not hold.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  type PDFRef,
} from 'pdf-lib';

/** The text that only page `n` draws in its own content, and in the form XObject it uses. */
export const pageMarker = (n: number) => `MARKER-P${String(n).padStart(3, '0')}`;
export const formMarker = (n: number) => `MARKER-F${String(n).padStart(3, '0')}`;
export const ATTACHMENT_MARKER = 'MARKER-ATTACHED-SECRET';
export const SCRIPT_MARKER = 'MARKER-SCRIPT';
export const OUTLINE_MARKER = 'MARKER-OUTLINE';

export interface BookTraps {
  /** A "next page" link annotation on every page. */
  nextLinks?: boolean;
  /** One resource dictionary, holding every page's form, shared by all pages. */
  sharedResources?: boolean;
  /** Page 1 links (GoTo actions) to every later page. */
  contentsPage?: boolean;
  /** Named destinations for every page (catalogue Names and Dests), and a link by name on page 1. */
  namedDests?: boolean;
  /** An outline entry for every page. */
  outlines?: boolean;
  /** An attached file. */
  embeddedFile?: boolean;
  /** JavaScript run on opening, and a page-open action. */
  openActionScript?: boolean;
}

/** A book of `pages` pages with marker text on each, and the traps asked for. */
export async function trappedBook(pages: number, traps: BookTraps = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const { context } = doc;
  const font = context.register(context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica' }));
  const forms = Array.from({ length: pages }, (_, index) =>
    context.register(
      context.stream(`BT /F1 10 Tf 20 300 Td (${formMarker(index + 1)}) Tj ET`, {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 300, 400],
      }),
    ),
  );
  const shared = traps.sharedResources
    ? context.register(
        context.obj({
          Font: { F1: font },
          XObject: Object.fromEntries(forms.map((form, index) => [`Fm${index + 1}`, form])),
        }),
      )
    : undefined;
  const refs: PDFRef[] = [];
  for (let n = 1; n <= pages; n += 1) {
    const page = doc.addPage([300, 400]);
    refs.push(page.ref);
    const content = context.register(context.stream(`BT /F1 12 Tf 20 360 Td (${pageMarker(n)}) Tj ET /Fm${n} Do`));
    page.node.set(PDFName.of('Contents'), content);
    page.node.set(
      PDFName.of('Resources'),
      shared ?? context.obj({ Font: { F1: font }, XObject: { [`Fm${n}`]: forms[n - 1]! } }),
    );
  }
  const annots = (index: number) => {
    const node = doc.getPage(index).node;
    let list = node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!list) {
      list = context.obj([]);
      node.set(PDFName.of('Annots'), list);
    }
    return list;
  };
  const link = (extra: Record<string, unknown>) =>
    context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 40, 20], ...extra } as never));
  if (traps.nextLinks) {
    for (let index = 0; index < pages - 1; index += 1) {
      annots(index).push(link({ Dest: [refs[index + 1]!, 'Fit'] }));
    }
  }
  if (traps.contentsPage) {
    for (let index = 1; index < pages; index += 1) {
      annots(0).push(link({ A: { S: 'GoTo', D: [refs[index]!, 'Fit'] } }));
    }
  }
  if (traps.namedDests) {
    const names: unknown[] = [];
    const dests: Record<string, unknown> = {};
    refs.forEach((ref, index) => {
      names.push(PDFString.of(`chapter-${index + 1}`), [ref, 'Fit']);
      dests[`chapter${index + 1}`] = [ref, 'Fit'];
    });
    doc.catalog.set(PDFName.of('Names'), context.obj({ Dests: { Names: names } } as never));
    doc.catalog.set(PDFName.of('Dests'), context.obj(dests as never));
    annots(0).push(link({ Dest: PDFString.of(`chapter-${pages}`) }));
    annots(0).push(link({ Dest: `chapter${pages}` }));
  }
  if (traps.outlines) addOutline(doc, refs);
  if (traps.embeddedFile) {
    await doc.attach(Buffer.from(`${ATTACHMENT_MARKER}: the whole book, attached`), 'book.txt', {
      mimeType: 'text/plain',
    });
  }
  if (traps.openActionScript) {
    const script = context.obj({ S: 'JavaScript', JS: PDFString.of(`app.alert('${SCRIPT_MARKER}');`) });
    doc.catalog.set(PDFName.of('OpenAction'), context.register(script));
    doc.getPage(0).node.set(PDFName.of('AA'), context.obj({ O: context.register(script) }));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function addOutline(doc: PDFDocument, refs: PDFRef[]): void {
  const { context } = doc;
  const outlines = context.nextRef();
  const items = refs.map(() => context.nextRef());
  items.forEach((item, index) => {
    const entry: Record<string, unknown> = {
      Title: PDFHexString.fromText(`${OUTLINE_MARKER} ${index + 1}`),
      Parent: outlines,
      Dest: [refs[index]!, 'Fit'],
    };
    if (index > 0) entry.Prev = items[index - 1];
    if (index < items.length - 1) entry.Next = items[index + 1];
    context.assign(item, context.obj(entry as never));
  });
  context.assign(
    outlines,
    context.obj({ Type: 'Outlines', First: items[0]!, Last: items[items.length - 1]!, Count: items.length }),
  );
  doc.catalog.set(PDFName.of('Outlines'), outlines);
}

/** A one-page PDF whose body then holds `count` more tiny objects (about 24 bytes each). */
export function manyObjectsPdf(count: number): Buffer {
  const head =
    '%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
    '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj\n';
  const parts = [head];
  for (let n = 4; n < count + 4; n += 1) parts.push(`${n} 0 obj [${n}] endobj\n`);
  parts.push('trailer <</Root 1 0 R/Size ' + String(count + 4) + '>>\n%%EOF\n');
  return Buffer.from(parts.join(''), 'latin1');
}

/** A one-page PDF with one object of arrays nested `depth` deep. */
export function deeplyNestedPdf(depth: number): Buffer {
  return Buffer.from(
    '%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
      '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj\n' +
      `4 0 obj ${'['.repeat(depth)}${']'.repeat(depth)} endobj\n` +
      'trailer <</Root 1 0 R/Size 5>>\n%%EOF\n',
    'latin1',
  );
}

/** A one-page PDF with one array of `count` numbers: few objects, but a parser builds each number. */
export function hugeArrayPdf(count: number): Buffer {
  const numbers = Array.from({ length: count }, (_, index) => String(index % 10)).join(' ');
  return Buffer.from(
    '%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
      '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj\n' +
      `4 0 obj [${numbers}] endobj\n` +
      'trailer <</Root 1 0 R/Size 5>>\n%%EOF\n',
    'latin1',
  );
}

/**
 * A PDF as one searchable text: its raw bytes, every object as pdf-lib reads it (objects packed in
 * object streams included) and its streams, decoded where pdf-lib can.
 */
export async function everythingIn(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const parts = [Buffer.from(bytes).toString('latin1')];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) {
      parts.push(object.toString());
      continue;
    }
    parts.push(object.dict.toString());
    try {
      parts.push(Buffer.from(decodePDFRawStream(object).decode()).toString('latin1'));
    } catch {
      // An image's own compression: no text to find.
    }
  }
  return parts.join('\n');
}
