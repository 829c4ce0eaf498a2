/**
 * What a sold copy is stamped with, in either format: the buyer, the order and the store, and the line
 * printed on a PDF's pages and an EPUB's colophon. Apart from the stampers, so that stamping an EPUB
 * does not load the PDF library.
 */
export interface Stamp {
  name: string;
  email: string;
  /** The order's internal id, kept in the metadata for support. */
  orderId: string;
  /** The order number people read aloud (BK-2026-000123), on every page. */
  orderNumber: string;
  /** When the copy was sold: written as the document's modification date. */
  soldAt: Date;
  storeName: string;
}

export function footerText(stamp: Stamp): string {
  return `Sold to ${stamp.name} <${stamp.email}> · Order ${stamp.orderNumber} · ${stamp.storeName} · For personal use`;
}
