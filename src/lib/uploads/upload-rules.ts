// Image upload rules shared by the API and the forms (contract "Uploads", spec 2 §5, §9; zod-free:
// the pickers import them into the browser). The server checks them again on the file itself.

export const UPLOAD_PURPOSES = ['avatar', 'cover', 'drama_banner', 'person_image'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

const MB = 1024 * 1024;

/** The largest file of each purpose, in MB: the cover photo 10, the avatar and the edit forms' images 5. */
export const UPLOAD_MAX_MB: Record<UploadPurpose, number> = { avatar: 5, cover: 10, drama_banner: 5, person_image: 5 };

export const uploadMaxBytes = (purpose: UploadPurpose) => UPLOAD_MAX_MB[purpose] * MB;

/**
 * The most pixels (width × height, in millions) the server decodes for each purpose: an avatar is
 * shown at 256 × 256, so 25 megapixels (a 6000 × 4000 camera photo) is plenty; the others 40.
 */
export const UPLOAD_MAX_MEGAPIXELS: Record<UploadPurpose, number> = { avatar: 25, cover: 40, drama_banner: 40, person_image: 40 };

const PURPOSE_NAMES: Record<UploadPurpose, string> = { avatar: 'an avatar', cover: 'a cover photo', drama_banner: 'a banner', person_image: "a person's image" };

export const UPLOAD_MESSAGES = {
  unsupportedType: 'Unsupported file type. Please use JPG, PNG, or WebP images.',
  tooLarge: (mb: number) => `Image size must be less than ${mb}MB.`,
  empty: 'The image file is empty.',
  tooManyPixels: (purpose: UploadPurpose, width: number, height: number) =>
    `The image is too large: ${width}×${height} pixels; ${PURPOSE_NAMES[purpose]} may have at most ${UPLOAD_MAX_MEGAPIXELS[purpose]} megapixels.`,
  notSent: 'The image has not been uploaded yet',
} as const;

/** The API's answers about an image it refuses, each a key of the forms' words (the `uploadProblems` namespace). */
export type UploadProblem =
  | { key: 'unsupportedType' | 'empty' | 'notSent' | 'notYours' }
  | { key: 'tooLarge'; params: { n: string } }
  | { key: 'tooManyPixels'; params: { width: string; height: string; max: string } };

/**
 * Which upload rule an API error's `detail` names, if any (docs/decisions/019: the server speaks
 * English; a page in another language shows the rule in its own words). `notYours`: the message of
 * a profile image that is not a pending upload of the member's (PROFILE_IMAGE_MESSAGE).
 */
export function uploadProblemOf(detail: string | undefined, notYoursMessage: string): UploadProblem | undefined {
  if (detail === undefined) return undefined;
  if (detail === UPLOAD_MESSAGES.unsupportedType) return { key: 'unsupportedType' };
  if (detail === UPLOAD_MESSAGES.empty) return { key: 'empty' };
  if (detail === UPLOAD_MESSAGES.notSent) return { key: 'notSent' };
  if (detail === notYoursMessage) return { key: 'notYours' };
  const tooLarge = /^Image size must be less than (\d+)MB\.$/.exec(detail);
  if (tooLarge) return { key: 'tooLarge', params: { n: tooLarge[1]! } };
  const pixels = /^The image is too large: (\d+)×(\d+) pixels; .* may have at most (\d+) megapixels\.$/.exec(detail);
  if (pixels) return { key: 'tooManyPixels', params: { width: pixels[1]!, height: pixels[2]!, max: pixels[3]! } };
  return undefined;
}

export function isImageContentType(value: string): value is ImageContentType {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(value.trim().toLowerCase());
}

/** The first rule a file breaks before it is sent (type, then size), or undefined. */
export function findUploadProblem(purpose: UploadPurpose, contentType: string, size: number): { field: 'content_type' | 'size'; message: string } | undefined {
  if (!isImageContentType(contentType)) return { field: 'content_type', message: UPLOAD_MESSAGES.unsupportedType };
  if (size <= 0) return { field: 'size', message: UPLOAD_MESSAGES.empty };
  if (size > uploadMaxBytes(purpose)) return { field: 'size', message: UPLOAD_MESSAGES.tooLarge(UPLOAD_MAX_MB[purpose]) };
  return undefined;
}

/** Which upload purpose a profile field takes. */
export const PROFILE_IMAGE_PURPOSE = { avatar: 'avatar', cover_photo: 'cover' } as const satisfies Record<string, UploadPurpose>;
