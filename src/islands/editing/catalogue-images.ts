import { createUpload, sendUpload } from '../../lib/api/operations/uploads.ts';
import { checkProfileImage } from '../../lib/profiles/profile-image-check.ts';
import { session } from '../shared/data-layer/session.ts';

/**
 * Sends a drama banner or a person's image the contract's way ("Uploads", DESIGN improvement 6; the
 * spec's simulated upload replaced): checked here first (JPG, PNG or WebP, 5 MB), then POST /uploads
 * for a signed address and the file PUT straight to it. Answers the `public_url` the edit names
 * (the original stays private until the edit is applied), or null when any step failed.
 */
export async function uploadCatalogueImage(file: File, purpose: 'drama_banner' | 'person_image'): Promise<string | null> {
  if (checkProfileImage(file, purpose)) return null;
  try {
    const ticket = await session.call(createUpload({ purpose, content_type: file.type, size: file.size }));
    return (await sendUpload(ticket, file)) ? ticket.public_url : null;
  } catch {
    return null;
  }
}

/** A picked file as a data: URL, for its preview (the CSP allows data: images, not blob:). */
export function readPreview(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}
