/** What the detail page shows for a book's meta data, with the specification's defaults. */
import type { Book } from '@ebook/shared';
import { formatNames } from '@/lib/book-formats';

const NA = 'N/A';
const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '' ? null : String(value);

/** The Book Information panel: every value from meta, 'N/A' when missing. */
export function bookInformation(book: Book): { label: string; value: string }[] {
  const meta = book.meta ?? {};
  return [
    { label: 'SKU', value: shown(meta.sku) ?? NA },
    { label: 'Tags', value: shown(meta.tags) ?? NA },
    { label: 'Category', value: shown(meta.category) ?? shown(book.category) ?? NA },
    { label: 'Format', value: fileFormats(book) ?? shown(meta.format) ?? NA },
    { label: 'Total Page', value: shown(meta.pages) ?? NA },
    { label: 'Publish Year', value: shown(meta.publishYear) ?? NA },
    { label: 'Language', value: shown(meta.language) ?? NA },
    { label: 'Century', value: shown(meta.century) ?? NA },
  ];
}

/** The Additional Information tab, with its defaults (Available, Adventure, English). */
export function additionalInformation(book: Book): { label: string; value: string }[] {
  const meta = book.meta ?? {};
  return [
    { label: 'Availability', value: shown(meta.availability) ?? 'Available' },
    { label: 'Categories', value: shown(meta.category) ?? shown(book.category) ?? 'Adventure' },
    { label: 'Publish Date', value: shown(meta.publishYear) ?? NA },
    { label: 'Total Page', value: shown(meta.pages) ?? NA },
    { label: 'Format', value: fileFormats(book) ?? shown(meta.format) ?? NA },
    { label: 'Language', value: shown(meta.language) ?? 'English' },
  ];
}

/** The formats of the book's files ("PDF, EPUB"), when the store says which it has. */
function fileFormats(book: Book): string | null {
  return book.formats.length > 0 ? formatNames(book) : null;
}
