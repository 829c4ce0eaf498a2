/**
 * Test files and book submissions for the admin specs: a real PNG cover and a real PDF, built in
 * memory, sent as multipart exactly as the web app sends them.
 */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A cover-shaped PNG: a vertical gradient in the given colour with a lighter band. */
export function coverPng(rgb: [number, number, number] = [180, 83, 9], width = 120, height = 180): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    const band = y > height * 0.35 && y < height * 0.5;
    const shade = 0.6 + (0.4 * y) / height;
    for (let x = 0; x < width; x += 1) {
      for (let c = 0; c < 3; c += 1) row[1 + x * 3 + c] = band ? 245 : Math.round(rgb[c]! * shade);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with the title on it. */
export function bookPdf(title: string, pages = 1): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  // Objects 1-3: catalogue, page tree, font; then each page and its content stream.
  const pageIds = Array.from({ length: pages }, (_, index) => 4 + index * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...pageIds.flatMap((id, index) => {
      const content = pages === 1 ? stream : stream.replace(`(${text})`, `(${text} - page ${index + 1})`);
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${id + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
        `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      ];
    }),
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export function uniqueTitle(prefix: string): string {
  // Letters only: PostgreSQL's parser cuts a word such as "3e5f1a" in two ("3e5", a number, and "f1a"),
  // and a search for the whole title then finds nothing.
  return `${prefix} ${Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

/** Submits a book as the signed-in member of `request` (multipart, as the member form does). */
export async function submitBook(
  request: APIRequestContext,
  fields: { title: string; author?: string; price?: string; category?: string },
) {
  const response = await request.post('/api/books/', {
    multipart: {
      title: fields.title,
      author: fields.author ?? 'Test Author',
      category: fields.category ?? 'Arts & Photography',
      price: fields.price ?? '4.99',
      story: 'A short story for the reviewers.',
      description: 'A book submitted by a member for approval.',
      image: { name: 'cover.png', mimeType: 'image/png', buffer: coverPng([29, 78, 216]) },
      pdf: { name: 'book.pdf', mimeType: 'application/pdf', buffer: bookPdf(fields.title) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { book: { _id: string; status: string } };
  expect(body.book.status).toBe('pending');
  return body.book;
}
