// The checks a profile image passes in the browser before it is sent (spec 2 §5, §9): an image at
// all, then JPG, PNG or WebP, then its size. The limits are the upload rules' (src/lib/uploads/);
// the words are the screens' own (profileMember.image, profileEdit), so this answers a reason.
import { isImageContentType, UPLOAD_MAX_MB, type UploadPurpose } from '../uploads/upload-rules.ts';

export type ImageProblem = { kind: 'not-image' } | { kind: 'unsupported' } | { kind: 'too-large'; maxMb: number };

/**
 * The first problem of `file` for `purpose`, or null. `maxMb` overrides the purpose's limit (the
 * edit-profile screen holds both images to 5 MB: spec 2 §5).
 */
export function checkProfileImage(file: { type: string; size: number }, purpose: UploadPurpose, maxMb: number = UPLOAD_MAX_MB[purpose]): ImageProblem | null {
  if (!file.type.toLowerCase().startsWith('image/')) return { kind: 'not-image' };
  if (!isImageContentType(file.type)) return { kind: 'unsupported' };
  if (file.size > maxMb * 1024 * 1024) return { kind: 'too-large', maxMb };
  return null;
}
