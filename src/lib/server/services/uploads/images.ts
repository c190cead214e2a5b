// Checks an uploaded image and makes the sizes the pages show (docs/decisions/024, 028). Two steps:
// `inspectUpload` reads only the file's header (its real format by its first bytes, and its width and
// height: a file over its purpose's pixel cap is refused before any decode), then `renderUpload`
// decodes it once, turns it by its EXIF orientation, crops it to the purpose's size and writes WebP
// (the full size and each smaller copy from the same decoded pixels). Decoding is the costly part:
// sharp runs it on libuv's thread pool, which also serves file reads, so the process decodes at most
// IMAGE_DECODE_CONCURRENCY images at once and the others wait their turn.
import pLimit from 'p-limit';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { IMAGE_VARIANTS } from '../../../uploads/image-variants.ts';
import { UPLOAD_MAX_MEGAPIXELS, UPLOAD_MESSAGES, type UploadPurpose } from '../../../uploads/upload-rules.ts';
import { ValidationError } from '../../errors.ts';

/** What each purpose is shown at: width × height, cropped to fill (avatars are square, covers 3:1). */
export const IMAGE_SIZES: Record<UploadPurpose, { width: number; height: number }> = {
  avatar: { width: 256, height: 256 },
  cover: { width: 1500, height: 500 },
  drama_banner: { width: 1280, height: 720 },
  person_image: { width: 400, height: 600 },
};

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** The most images this process decodes at once: two of libuv's four threads, the others stay free for files. */
export const IMAGE_DECODE_CONCURRENCY = 2;

const slots = pLimit(IMAGE_DECODE_CONCURRENCY);
const gauge = { active: 0, waiting: 0, peakActive: 0, peakWaiting: 0, decoded: 0 };

/** How many images this process decodes now and waits to decode, the peaks since resetImageDecodePeaks, and the decodes so far. */
export const imageDecodeGauge = () => ({ ...gauge });

export function resetImageDecodePeaks() {
  gauge.peakActive = gauge.active;
  gauge.peakWaiting = gauge.waiting;
}

/** Runs one decode in a slot, counted by the gauge. */
async function inSlot<T>(decode: () => Promise<T>): Promise<T> {
  gauge.waiting++;
  gauge.peakWaiting = Math.max(gauge.peakWaiting, gauge.waiting);
  return slots(async () => {
    gauge.waiting--;
    gauge.active++;
    gauge.decoded++;
    gauge.peakActive = Math.max(gauge.peakActive, gauge.active);
    try {
      return await decode();
    } finally {
      gauge.active--;
    }
  });
}

const pixelCap = (purpose: UploadPurpose) => UPLOAD_MAX_MEGAPIXELS[purpose] * 1_000_000;

/**
 * The cheap checks, from the file's header only (no pixel is decoded): a JPEG, PNG or WebP image, no
 * more pixels than the purpose allows. A ValidationError on `field` otherwise.
 */
export async function inspectUpload(bytes: Buffer, purpose: UploadPurpose, field: string): Promise<void> {
  let metadata: Metadata;
  try {
    // no pixel limit here: the header is read whatever the size, and the cap is said below with the numbers
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ValidationError(UPLOAD_MESSAGES.unsupportedType, field);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new ValidationError(UPLOAD_MESSAGES.unsupportedType, field);
  }
  if (metadata.width * metadata.height > pixelCap(purpose)) {
    throw new ValidationError(UPLOAD_MESSAGES.tooManyPixels(purpose, metadata.width, metadata.height), field);
  }
}

/** An upload made ready to show: the purpose's size, and its smaller copies by width (image-variants.ts). */
export interface RenderedImage {
  full: Buffer;
  variants: { width: number; body: Buffer }[];
}

/**
 * Decodes an inspected upload once (waiting for a slot) and answers its WebP copies; a ValidationError
 * on `field` when the pixels cannot be read (a truncated or damaged file).
 */
export function renderUpload(bytes: Buffer, purpose: UploadPurpose, field: string): Promise<RenderedImage> {
  return inSlot(async () => {
    const size = IMAGE_SIZES[purpose];
    let pixels: { data: Buffer; info: OutputInfo };
    try {
      pixels = await sharp(bytes, { limitInputPixels: pixelCap(purpose), failOn: 'error' })
        .rotate()
        .resize(size.width, size.height, { fit: 'cover', position: 'attention', withoutEnlargement: false })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new ValidationError(UPLOAD_MESSAGES.unsupportedType, field);
    }
    const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } };
    const full = await sharp(pixels.data, raw).webp({ quality: 82 }).toBuffer();
    const variants = [];
    // a smaller copy keeps the purpose's proportions
    for (const width of IMAGE_VARIANTS[purpose]?.widths ?? []) {
      const height = Math.round((size.height * width) / size.width);
      variants.push({ width, body: await sharp(pixels.data, raw).resize(width, height).webp({ quality: 82 }).toBuffer() });
    }
    return { full, variants };
  });
}
