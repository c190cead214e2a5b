// Checks an uploaded image by its bytes and makes the size the pages show (docs/decisions/024):
// sharp reads the real format from the file's first bytes (a file that says image/png and is
// something else is refused), at most 40 megapixels (a small file that decodes to a huge bitmap is
// refused too), turns it by its EXIF orientation and writes WebP.
import sharp from 'sharp';
import { UPLOAD_MESSAGES, type UploadPurpose } from '../../../uploads/upload-rules.ts';
import { ValidationError } from '../../errors.ts';

/** What each purpose is shown at: width × height, cropped to fill (avatars are square, covers 3:1). */
export const IMAGE_SIZES: Record<UploadPurpose, { width: number; height: number }> = {
  avatar: { width: 256, height: 256 },
  cover: { width: 1500, height: 500 },
  drama_banner: { width: 1280, height: 720 },
  person_image: { width: 400, height: 600 },
};

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_PIXELS = 40_000_000;

/**
 * The resized WebP of an uploaded image (at the purpose's size, or `toWidth` wide in its proportions);
 * a ValidationError on `field` when it is not a JPEG, PNG or WebP image.
 */
export async function resizeUpload(bytes: Buffer, purpose: UploadPurpose, field: string, toWidth?: number): Promise<Buffer> {
  gauge.decoded++;
  gauge.active++;
  gauge.peakActive = Math.max(gauge.peakActive, gauge.active);
  try {
    return await resizeUploadNow(bytes, purpose, field, toWidth);
  } finally {
    gauge.active--;
  }
}

const gauge = { active: 0, waiting: 0, peakActive: 0, peakWaiting: 0, decoded: 0 };

/** How many images this process decodes now and waits to decode, the peaks since resetImageDecodePeaks, and the decodes so far. */
export const imageDecodeGauge = () => ({ ...gauge });

export function resetImageDecodePeaks() {
  gauge.peakActive = gauge.active;
  gauge.peakWaiting = gauge.waiting;
}

async function resizeUploadNow(bytes: Buffer, purpose: UploadPurpose, field: string, toWidth?: number): Promise<Buffer> {
  const unsupported = () => new ValidationError(UPLOAD_MESSAGES.unsupportedType, field);
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw unsupported();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupported();
  // a smaller copy (image-variants.ts) keeps the purpose's proportions
  const full = IMAGE_SIZES[purpose];
  const width = toWidth ?? full.width;
  const height = Math.round((full.height * width) / full.width);
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention', withoutEnlargement: false })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // a truncated or damaged file, or one larger than MAX_PIXELS
    throw unsupported();
  }
}
