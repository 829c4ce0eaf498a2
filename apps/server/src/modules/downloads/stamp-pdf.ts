/**
 * Stamping a sold copy: a small grey footer on every page ("Sold to … · Order …") and the same facts in
 * the PDF's own custom metadata entries (SoldTo, BuyerName, BuyerEmail, OrderId, which keep any
 * script). Subject and Keywords are left as the book has them: readers such as calibre show Keywords as
 * tags, and the buyer's name is not a tag of the book.
 * The page text uses a standard PDF font, so letters it cannot draw are written without their accents
 * (or as "?"); the metadata keeps the name exactly.
 *
 * The result depends only on the input and the stamp (no clock, no random ID), so stamping the same
 * copy twice gives the same bytes and the file store keeps one.
 */
import {
  degrees,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFFont,
  type PDFPage,
  rgb,
  StandardFonts,
} from 'pdf-lib';
import { footerText, type Stamp } from './stamp.js';

const FONT_SIZE = 7;
/** Distance of the footer's baseline from the visible bottom edge, in points. */
const MARGIN = 10;

export async function stampPdf(bytes: Uint8Array, stamp: Stamp): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const text = drawable(font, footerText(stamp));
  for (const page of doc.getPages()) drawFooter(page, font, text);

  // setModificationDate makes the Info dictionary if the file had none.
  doc.setModificationDate(stamp.soldAt);
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('SoldTo'), PDFHexString.fromText(`${stamp.name} <${stamp.email}>`));
  info.set(PDFName.of('BuyerName'), PDFHexString.fromText(stamp.name));
  info.set(PDFName.of('BuyerEmail'), PDFHexString.fromText(stamp.email));
  info.set(PDFName.of('OrderId'), PDFHexString.fromText(stamp.orderId));
  info.set(PDFName.of('OrderNumber'), PDFHexString.fromText(stamp.orderNumber));
  // Object streams would re-pack every object of a large book; plain objects keep saving linear.
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** The footer along the visible bottom edge of the page, whatever the page's rotation and crop. */
function drawFooter(page: PDFPage, font: PDFFont, text: string): void {
  const box = page.getCropBox();
  const width = font.widthOfTextAtSize(text, FONT_SIZE);
  const rotation = ((page.getRotation().angle % 360) + 360) % 360;
  const visibleWidth = rotation === 90 || rotation === 270 ? box.height : box.width;
  const size = width > visibleWidth - 2 * MARGIN ? (FONT_SIZE * (visibleWidth - 2 * MARGIN)) / width : FONT_SIZE;
  const length = font.widthOfTextAtSize(text, size);
  const at = {
    0: { x: box.x + (box.width - length) / 2, y: box.y + MARGIN },
    90: { x: box.x + box.width - MARGIN, y: box.y + (box.height - length) / 2 },
    180: { x: box.x + (box.width + length) / 2, y: box.y + box.height - MARGIN },
    270: { x: box.x + MARGIN, y: box.y + (box.height + length) / 2 },
  }[rotation as 0 | 90 | 180 | 270] ?? { x: box.x + (box.width - length) / 2, y: box.y + MARGIN };
  page.drawText(text, { ...at, size, font, color: rgb(0.45, 0.45, 0.45), rotate: degrees(rotation) });
}

/** Latin letters that have no accent to drop. */
const UNDECOMPOSABLE: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};

/** The text with every character the font cannot draw replaced: accents dropped, else "?". */
function drawable(font: PDFFont, text: string): string {
  const encodable = (ch: string) => {
    try {
      font.encodeText(ch);
      return true;
    } catch {
      return false;
    }
  };
  return [...text]
    .map((ch) => {
      if (encodable(ch)) return ch;
      if (ch in UNDECOMPOSABLE) return UNDECOMPOSABLE[ch]!;
      const plain = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      return plain && [...plain].every(encodable) ? plain : '?';
    })
    .join('');
}
