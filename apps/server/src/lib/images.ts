/**
 * Decoding uploaded images safely. A PNG of one colour compresses 256 million pixels into 1 MB, and
 * decoding it costs seconds and hundreds of MB, so every image is measured from its header first
 * (no decoding) and refused past IMAGE_MAX_PIXELS; what passes is decoded once, with the same limit
 * given to libvips, and re-encoded without any metadata (EXIF, GPS, XMP, ICC comments are dropped).
 */
import sharp, { type Sharp } from 'sharp';
import { AppError, payloadTooLarge, unsupportedMediaType } from './errors.js';

/**
 * At most 40 million pixels (e.g. 8,000 × 5,000): four times a 5,000 × 2,000 print-quality cover,
 * far below sharp's default of 268 million. A 40 Mpx RGBA image decodes to 160 MB at most.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** sharp for an untrusted image: the pixel limit, and any decoding warning (truncated data) is an error. */
export function untrustedImage(input: string | Buffer): Sharp {
  return sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' });
}

/** Reads the header only; 413 past the pixel limit, 415 when it is not a readable image. */
export async function measureImage(input: string | Buffer, label: string): Promise<{ width: number; height: number }> {
  let meta;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedMediaType(`${label}.`);
  }
  const { width, height } = meta;
  if (!width || !height) throw unsupportedMediaType(`${label}.`);
  // Each frame of an animated image is decoded too.
  if (width * height * (meta.pages ?? 1) > IMAGE_MAX_PIXELS) {
    throw payloadTooLarge(
      `The image is too large: ${width} × ${height} pixels; at most ${IMAGE_MAX_PIXELS / 1_000_000} million pixels.`,
      'IMAGE_TOO_LARGE',
    );
  }
  return { width, height };
}

/**
 * Decodes the image once and encodes it again as `format`, applying its EXIF orientation and keeping
 * no metadata. Any decoding failure is 415 with `label`.
 */
export async function reencodeImage(
  input: string | Buffer,
  label: string,
  build: (image: Sharp) => Sharp,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  await measureImage(input, label);
  try {
    const { data, info } = await build(untrustedImage(input).rotate()).toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unsupportedMediaType(`${label}.`);
  }
}

/** Encodes a cover in its own format (JPEG stays JPEG, PNG stays PNG, WebP stays WebP). */
export function sameFormat(mime: string): (image: Sharp) => Sharp {
  if (mime === 'image/png') return (image) => image.png({ compressionLevel: 9, adaptiveFiltering: true });
  if (mime === 'image/webp') return (image) => image.webp({ quality: 90 });
  return (image) => image.jpeg({ quality: 90, mozjpeg: true });
}
