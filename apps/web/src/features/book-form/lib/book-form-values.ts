/**
 * The book form's values, their rules and their conversion to the multipart request. Pure, so the
 * rules are unit-tested without a browser.
 */
import { z } from 'zod';
import {
  BOOK_VALIDATION_MESSAGE,
  COVER_MAX_BYTES,
  EPUB_MAX_BYTES,
  PDF_MAX_BYTES,
  parsePriceToCents,
  type Book,
  type BookMeta,
  type EpubMetadata,
  type BookStatus,
} from '@ebook/shared';

export type BookFormVariant = 'admin' | 'member';

const required = z.string().trim().min(1, BOOK_VALIDATION_MESSAGE);
const optionalText = z.string().trim().max(200, 'Keep this under 200 characters');
const optionalWholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((text) => text === '' || (/^-?\d+$/.test(text) && Number(text) >= min && Number(text) <= max), {
      message: `${label} must be a whole number between ${min} and ${max}`,
    });

export const bookFormSchema = z.object({
  title: required.max(300, 'The title is too long (300 characters at most)'),
  author: required.max(200, 'The author is too long (200 characters at most)'),
  category: required.max(100, 'The category is too long (100 characters at most)'),
  price: required.refine((text) => text.trim() === '' || parsePriceToCents(text) !== null, {
    message: 'Price must be a number, or Free',
  }),
  story: required.max(20_000, 'The story is too long (20,000 characters at most)'),
  description: required.max(20_000, 'The description is too long (20,000 characters at most)'),
  /** Pages of the "Read A Little" sample; empty: the first 10%, up to 20. */
  samplePages: optionalWholeNumber('Sample pages', 1, 50),
  meta: z.object({
    sku: optionalText,
    tags: optionalText,
    format: optionalText,
    pages: optionalWholeNumber('Pages', 0, 100_000),
    publishYear: optionalWholeNumber('Publish year', -3000, 3000),
    language: optionalText,
    country: optionalText,
    availability: optionalText,
  }),
});
export type BookFormValues = z.infer<typeof bookFormSchema>;

export const META_FIELDS = [
  { name: 'sku', label: 'SKU' },
  { name: 'tags', label: 'Tags' },
  { name: 'format', label: 'Format' },
  { name: 'pages', label: 'Pages', numeric: true },
  { name: 'publishYear', label: 'Publish Year', numeric: true },
  { name: 'language', label: 'Language' },
  { name: 'country', label: 'Country' },
  { name: 'availability', label: 'Availability' },
] as const satisfies readonly { name: keyof BookFormValues['meta']; label: string; numeric?: boolean }[];

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The form's starting values: empty for a new book, the stored ones when editing. */
export function toFormValues(book: Book | undefined, variant: BookFormVariant): BookFormValues {
  const meta = book?.meta ?? {};
  return {
    title: book?.title ?? '',
    author: book?.author ?? '',
    category: book?.category ?? '',
    price: book ? (book.isFree ? (variant === 'admin' ? 'Free' : '0') : text(book.price)) : '',
    story: book?.story ?? '',
    description: book?.description ?? '',
    samplePages: text(book?.samplePages),
    meta: {
      sku: text(meta.sku),
      tags: text(meta.tags),
      format: text(meta.format),
      pages: text(meta.pages),
      publishYear: text(meta.publishYear),
      language: text(meta.language),
      country: text(meta.country),
      availability: text(meta.availability),
    },
  };
}

/** The required fields left empty, named as the form labels them, in the form's order. A book needs its
 * cover and its text as a PDF, an EPUB or both. */
export function missingFields(
  values: Partial<BookFormValues>,
  files: { hasCover: boolean; hasPdf: boolean; hasEpub?: boolean },
) {
  const blank = (value: string | undefined) => !value || value.trim() === '';
  const checks: [string, boolean][] = [
    ['title', blank(values.title)],
    ['price', blank(values.price)],
    ['category', blank(values.category)],
    ['author', blank(values.author)],
    ['cover image', !files.hasCover],
    ['book file (PDF or EPUB)', !(files.hasPdf || files.hasEpub)],
    ['short story', blank(values.story)],
    ['description', blank(values.description)],
  ];
  return checks.filter(([, missing]) => missing).map(([name]) => name);
}

/** True when a required field (files included) is missing: the specification's 'Validation Error'. */
export function isMissingRequired(
  values: Partial<BookFormValues>,
  files: { hasCover: boolean; hasPdf: boolean; hasEpub?: boolean },
) {
  return missingFields(values, files).length > 0;
}

/** "Please add the title, cover image and description." */
export function missingFieldsMessage(names: string[]): string {
  if (names.length === 0) return BOOK_VALIDATION_MESSAGE;
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  return `Please add the ${list}.`;
}

/** The status the form sends: admins add, members submit for approval, an edit keeps the status. */
export function statusToSend(variant: BookFormVariant, existing: Book | undefined): BookStatus {
  if (existing) return existing.status;
  return variant === 'admin' ? 'added' : 'pending';
}

/** Checks a chosen file before it is uploaded; returns a message, or null when it is acceptable. */
export function checkCoverFile(file: File): string | null {
  if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type)) {
    return 'The cover must be a JPEG, PNG or WebP image.';
  }
  if (file.size > COVER_MAX_BYTES) return `The cover image must be ${COVER_MAX_BYTES / 1024 / 1024} MB or smaller.`;
  return null;
}

export function checkPdfFile(file: File): string | null {
  const looksLikePdf = file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name));
  if (!looksLikePdf) return 'The book must be a PDF file.';
  if (file.size > PDF_MAX_BYTES) return `The PDF must be ${PDF_MAX_BYTES / 1024 / 1024} MB or smaller.`;
  return null;
}

export function checkEpubFile(file: File): string | null {
  const looksLikeEpub = file.type === 'application/epub+zip' || /\.epub$/i.test(file.name);
  if (!looksLikeEpub) return 'The book must be an EPUB file.';
  if (file.size > EPUB_MAX_BYTES) return `The EPUB must be ${EPUB_MAX_BYTES / 1024 / 1024} MB or smaller.`;
  return null;
}

/**
 * The form values an EPUB's metadata fills in: only fields still empty, so nothing typed is lost.
 * Returns the values to set, by field path.
 */
export function prefillFromEpub(values: BookFormValues, metadata: EpubMetadata): Partial<Record<PrefillField, string>> {
  const year = metadata.date.match(/^-?\d{1,4}/)?.[0];
  const candidates: Record<PrefillField, string | null | undefined> = {
    title: metadata.title,
    author: metadata.authors.join(', '),
    description: metadata.description ? plainText(metadata.description) : null,
    'meta.language': metadata.language,
    'meta.publishYear': year && Number(year) >= -3000 && Number(year) <= 3000 ? String(Number(year)) : null,
    'meta.tags': metadata.subjects.join(', ').slice(0, 200),
    'meta.sku': metadata.isbn,
    'meta.format': 'EPUB',
  };
  const current: Record<PrefillField, string> = {
    title: values.title,
    author: values.author,
    description: values.description,
    'meta.language': values.meta.language,
    'meta.publishYear': values.meta.publishYear,
    'meta.tags': values.meta.tags,
    'meta.sku': values.meta.sku,
    'meta.format': values.meta.format,
  };
  const filled: Partial<Record<PrefillField, string>> = {};
  for (const [field, value] of Object.entries(candidates) as [PrefillField, string | null | undefined][]) {
    if (value && value.trim() && current[field].trim() === '') filled[field] = value.trim();
  }
  return filled;
}

export type PrefillField =
  'title' | 'author' | 'description' | 'meta.language' | 'meta.publishYear' | 'meta.tags' | 'meta.sku' | 'meta.format';

/** An EPUB description may be HTML: its text only. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The multipart body of POST/PUT /api/books: the text fields first (so the server has them before
 * the files stream in), meta as a JSON string, then the files that were chosen.
 */
export function toFormData(
  values: BookFormValues,
  options: {
    status: BookStatus;
    existingMeta?: BookMeta;
    cover?: File | null;
    pdf?: File | null;
    epub?: File | null;
  },
): FormData {
  const meta: BookMeta = {
    // Keep meta fields this form does not edit (category, century) as they are.
    ...options.existingMeta,
    sku: orNull(values.meta.sku),
    tags: orNull(values.meta.tags),
    format: orNull(values.meta.format),
    pages: values.meta.pages.trim() === '' ? null : Number(values.meta.pages),
    publishYear: values.meta.publishYear.trim() === '' ? null : Number(values.meta.publishYear),
    language: orNull(values.meta.language),
    country: orNull(values.meta.country),
    availability: orNull(values.meta.availability),
  };
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('author', values.author.trim());
  form.append('category', values.category.trim());
  form.append('price', values.price.trim());
  form.append('story', values.story.trim());
  form.append('description', values.description.trim());
  form.append('status', options.status);
  form.append('samplePages', values.samplePages.trim());
  form.append('meta', JSON.stringify(meta));
  if (options.cover) form.append('image', options.cover, options.cover.name);
  if (options.pdf) form.append('pdf', options.pdf, options.pdf.name);
  if (options.epub) form.append('epub', options.epub, options.epub.name);
  return form;
}
