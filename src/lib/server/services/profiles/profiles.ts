// The member's own profile edit (contract "Users, profiles, follows"; spec 2 "Edit profile screen"):
// the text fields through the accounts service, the images through uploads (docs/decisions/024).
import { eq } from 'drizzle-orm';
import { PROFILE_IMAGE_PURPOSE } from '../../../uploads/upload-rules.ts';
import { users } from '../../db/schema/index.ts';
import { withTransaction, type Executor } from '../../db/transactions.ts';
import { NotFoundError } from '../../errors.ts';
import { checkProfilePatch, updateProfile, type ProfilePatch, type UserRow } from '../accounts/accounts.ts';
import { adoptImage, checkUpload, commitImageChange, releaseImage, removeObjects, type AdoptedImage, type CheckedUpload } from '../uploads/uploads.ts';

type ImageField = keyof typeof PROFILE_IMAGE_PURPOSE;
const IMAGE_FIELDS = [
  ['avatar', 'avatar'],
  ['cover_photo', 'coverPhoto'],
] as const satisfies [ImageField, 'avatar' | 'coverPhoto'][];

/**
 * Saves the fields given. The cheap rules come first (the username, each image being a pending
 * upload of this member's for that field, sent, within its size, type and pixel cap by its header);
 * only then is each image claimed and decoded (once: docs/decisions/028), with no lock held meanwhile;
 * then the save points the profile at the resized copy, and once it is committed the original and the
 * image it replaced are deleted. A save that fails changes nothing; an upload it claimed is pending
 * again, its resized copy kept for the next save that names it.
 */
export async function saveProfile(db: Executor, userId: number, patch: ProfilePatch): Promise<UserRow> {
  const [current] = await db.select({ avatar: users.avatar, coverPhoto: users.coverPhoto }).from(users).where(eq(users.id, userId)).limit(1);
  if (!current) throw new NotFoundError('User not found');
  await checkProfilePatch(db, userId, patch);
  const checked = new Map<ImageField, CheckedUpload>();
  for (const [field, key] of IMAGE_FIELDS) {
    const value = patch[key];
    if (value === undefined || value === null || value === current[key]) continue;
    checked.set(field, await checkUpload(db, userId, PROFILE_IMAGE_PURPOSE[field], value, field));
  }
  const adopted = new Map<ImageField, AdoptedImage>();
  try {
    for (const [field, upload] of checked) adopted.set(field, await adoptImage(db, upload));
    const { user, toRemove } = await withTransaction(db, async (tx) => {
      // the profile's images as they are now, under the row's lock: two saves at once replace in turn
      const [locked] = await tx.select({ avatar: users.avatar, coverPhoto: users.coverPhoto }).from(users).where(eq(users.id, userId)).for('update');
      if (!locked) throw new NotFoundError('User not found');
      const changes: ProfilePatch = { ...patch };
      const toRemove: string[] = [];
      for (const [field, key] of IMAGE_FIELDS) {
        const value = patch[key];
        const image = adopted.get(field) ?? null;
        // unchanged, or it was the current image when read and another save replaced it since: the
        // member meant to keep what they had, so this save leaves the field to the other one
        if (value === undefined || value === locked[key] || (value !== null && !image)) {
          delete changes[key];
          continue;
        }
        changes[key] = image ? image.publicUrl : null;
        toRemove.push(...(await commitImageChange(tx, userId, locked[key], image, field)));
      }
      return { user: await updateProfile(tx, userId, changes), toRemove };
    });
    await removeObjects(toRemove);
    return user;
  } catch (error) {
    await Promise.all([...adopted.values()].map((image) => releaseImage(db, image)));
    throw error;
  }
}
