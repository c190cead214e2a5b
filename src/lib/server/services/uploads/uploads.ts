// Uploads (contract "Uploads", docs/decisions/024): a member asks for a signed address for one
// image, sends the file straight to storage, then names its public address in a form. The form's
// service hands it to `checkUpload` (the cheap rules: an upload of this member's for this purpose,
// the file's real size, its type and pixel count by its header), runs its own cheap rules, then
// `adoptImage` claims the upload and stores its resized copy (decoding it once, docs/decisions/028);
// `commitImageChange` (inside the form's transaction) records it, and the original and the image it
// replaces are deleted once committed; a failed save gives the upload back (`releaseImage`).
// Originals are private (docs/decisions/029): they are stored under `originals/`, never served;
// `public_url` names the upload in forms and is not served while it is pending — only the derived
// copies are published.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt, notLike, or, sql } from 'drizzle-orm';
import { findUploadProblem, PROFILE_IMAGE_PURPOSE, UPLOAD_MAX_MB, uploadMaxBytes, UPLOAD_MESSAGES, type UploadPurpose } from '../../../uploads/upload-rules.ts';
import { PROFILE_IMAGE_MESSAGE } from '../../../accounts/account-rules.ts';
import { uploads } from '../../db/schema/index.ts';
import { withTransaction, type Executor } from '../../db/transactions.ts';
import { ConflictError, ForbiddenError, PayloadTooLargeError, ValidationError } from '../../errors.ts';
import { logger } from '../../logger.ts';
import { inspectUpload, renderUpload } from './images.ts';
import { variantKeys, variantOf } from '../../../uploads/image-variants.ts';
import { getStorage, ORIGINALS_PREFIX, type ObjectStorage } from './storage.ts';
import { LOCAL_UPLOAD_PATH, readLocalUploadGrant, createLocalStorage } from './local-storage.ts';

/** How long a signed upload address is valid. */
export const UPLOAD_TTL_SECONDS = 10 * 60;

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as Record<string, string>;

/** A random object name under the purpose's prefix: 22 URL-safe characters (128 bits). */
const newKey = (purpose: UploadPurpose, extension: string) => `${purpose}/${randomBytes(16).toString('base64url')}.${extension}`;

export interface UploadTicket {
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  publicUrl: string;
  expiresAt: Date;
}

/** A signed address for one image of `purpose` (the spec's type and size rules first). */
export async function createUpload(
  db: Executor,
  userId: number,
  request: { purpose: UploadPurpose; contentType: string; size: number },
): Promise<UploadTicket> {
  const problem = findUploadProblem(request.purpose, request.contentType, request.size);
  if (problem) throw new ValidationError(problem.message, problem.field);
  const contentType = request.contentType.trim().toLowerCase();
  const name = newKey(request.purpose, EXTENSIONS[contentType]!);
  // the original goes under the private prefix; public_url names the upload, and nothing is ever
  // stored at it (the adopted copy gets a name of its own): it is not served while pending
  const key = `${ORIGINALS_PREFIX}${name}`;
  const storage = getStorage();
  const expiresAt = new Date(Date.now() + UPLOAD_TTL_SECONDS * 1000);
  const signed = await storage.signUpload(key, contentType, request.size, expiresAt);
  const publicUrl = storage.publicUrl(name);
  // no sweep here: the scheduled one (jobs/upload-sweep-job.ts) is the only one (docs/decisions/029)
  await db.insert(uploads).values({ userId, purpose: request.purpose, storageKey: key, publicUrl, contentType, byteSize: request.size, status: 'pending' });
  return { uploadUrl: signed.url, method: 'PUT', headers: signed.headers, publicUrl, expiresAt };
}

const INVALID_ADDRESS = 'This upload address is not valid or has expired';
const ALREADY_RECEIVED = 'This upload was already received: ask for a new upload address';
const BEING_RECEIVED = 'This upload is being received by another request';

/**
 * The local driver's upload (PUT /api/v1/uploads/local/<key>?…): the signature, its expiry, the
 * Content-Type it was signed for, a pending upload of that key, and at most the signed size. One
 * file a ticket (docs/decisions/029): a second PUT once a file was received, or while another PUT of
 * the key is under way, is a 409; a PUT that fails (the client goes away, too many bytes, an empty
 * body, the upload no longer pending) keeps nothing, and the ticket may be sent again while valid.
 * The row is checked again, locked, when the body is in: a PUT that ends after its upload was
 * adopted or swept stores nothing.
 */
export async function receiveLocalUpload(
  db: Executor,
  key: string,
  query: Record<string, string | undefined>,
  contentType: string | undefined,
  body: AsyncIterable<Uint8Array> | null,
): Promise<void> {
  const storage = getStorage();
  if (storage.driver !== 'local') throw new ForbiddenError(INVALID_ADDRESS);
  const grant = readLocalUploadGrant(key, query);
  if (!grant || grant.expires * 1000 < Date.now()) throw new ForbiddenError(INVALID_ADDRESS);
  if ((contentType ?? '').split(';')[0]!.trim().toLowerCase() !== grant.contentType) {
    throw new ValidationError(`The upload must be sent with Content-Type: ${grant.contentType}`, 'Content-Type');
  }
  const [row] = await db.select({ status: uploads.status }).from(uploads).where(eq(uploads.storageKey, key)).limit(1);
  if (row?.status !== 'pending') throw new ForbiddenError(INVALID_ADDRESS);
  const received = await (storage as ReturnType<typeof createLocalStorage>).receive(key, body ?? emptyBody(), grant.size);
  if (received === 'too-large') throw new PayloadTooLargeError(`The file is larger than the ${grant.size} bytes announced`);
  if (received === 'exists') throw new ConflictError(ALREADY_RECEIVED);
  if (received === 'busy') throw new ConflictError(BEING_RECEIVED);
  try {
    if (received.size === 0) throw new ValidationError(UPLOAD_MESSAGES.empty, 'body');
    // still pending, locked until the file is in place: an adoption or a sweep waits, or came first.
    // The lock covers a link or a check-and-rename only (metadata, never a copy: local-storage.ts)
    const placed = await withTransaction(db, async (tx) => {
      const [current] = await tx.select({ status: uploads.status }).from(uploads).where(eq(uploads.storageKey, key)).for('update').limit(1);
      return current?.status === 'pending' ? received.place() : 'not-pending';
    });
    if (placed === 'exists') throw new ConflictError(ALREADY_RECEIVED);
    if (placed !== 'placed') throw new ForbiddenError(INVALID_ADDRESS);
  } finally {
    await received.discard();
  }
}

async function* emptyBody(): AsyncIterable<Uint8Array> {}

export { LOCAL_UPLOAD_PATH };

/** An upload that passed the cheap checks (checkUpload): this member's, pending, sent, not too large, an image by its header. */
export interface CheckedUpload {
  uploadId: number;
  rawKey: string;
  purpose: UploadPurpose;
  field: string;
  bytes: Buffer;
}

/** An image decoded and stored, claimed by one save, not yet pointed at (commitImageChange does that). */
export interface AdoptedImage {
  uploadId: number;
  rawKey: string;
  key: string;
  publicUrl: string;
  purpose: UploadPurpose;
  byteSize: number;
}

/**
 * The key of an upload's resized copy: derived from the original's random key (so still 22 random
 * URL-safe characters), so that a copy made for a save that then failed is found and used by the next
 * save naming the same upload, never decoded again (docs/decisions/028).
 */
export const derivedKeyOf = (rawKey: string, purpose: UploadPurpose) =>
  `${purpose}/${createHash('sha256').update(`derived ${rawKey}`).digest('base64url').slice(0, 22)}.webp`;

/**
 * The cheap checks of an upload named in a form, before anything is decoded: `publicUrl` is a pending
 * upload of this member's for `purpose`, not yet abandoned (a day old: whether or not the sweep has
 * marked it yet), its file was sent, is no larger than the purpose allows, and
 * its header says a JPEG, PNG or WebP image within the purpose's pixel cap (images.ts inspectUpload).
 */
export async function checkUpload(db: Executor, userId: number, purpose: UploadPurpose, publicUrl: string, field: string): Promise<CheckedUpload> {
  const [upload] = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.publicUrl, publicUrl),
        eq(uploads.userId, userId),
        eq(uploads.purpose, purpose),
        eq(uploads.status, 'pending'),
        gte(uploads.createdAt, sql`now() - make_interval(hours => ${ABANDONED_UPLOAD_HOURS})`),
      ),
    )
    .limit(1);
  if (!upload) throw new ValidationError(PROFILE_IMAGE_MESSAGE, field);
  const storage = getStorage();
  const stored = await storage.stat(upload.storageKey);
  if (!stored) throw new ValidationError(UPLOAD_MESSAGES.notSent, field);
  if (stored.size > uploadMaxBytes(purpose)) throw new ValidationError(UPLOAD_MESSAGES.tooLarge(UPLOAD_MAX_MB[purpose]), field);
  const bytes = await storage.read(upload.storageKey);
  if (!bytes) throw new ValidationError(UPLOAD_MESSAGES.notSent, field);
  if (bytes.byteLength > uploadMaxBytes(purpose)) throw new ValidationError(UPLOAD_MESSAGES.tooLarge(UPLOAD_MAX_MB[purpose]), field);
  await inspectUpload(bytes, purpose, field);
  return { uploadId: upload.id, rawKey: upload.storageKey, purpose, field, bytes };
}

/**
 * How long a save's claim on an upload holds (docs/decisions/029): decoding is bounded (028), so a
 * claim older than this belongs to a save that died; the sweep then gives the upload up.
 */
export const UPLOAD_CLAIM_MINUTES = 10;

/**
 * Claims a checked upload for this save (pending → claimed, atomically: of two saves naming it at once,
 * the second is refused here, before decoding; the sweep spares a claimed original) and stores its resized WebP and smaller copies, or
 * finds them stored by an earlier save that failed after making them. Nothing points at the copy yet:
 * the caller commits it (commitImageChange) or gives the upload back (releaseImage). A file whose
 * pixels cannot be read is refused for good: the upload is deleted with its file.
 */
export async function adoptImage(db: Executor, checked: CheckedUpload): Promise<AdoptedImage> {
  const { uploadId, rawKey, purpose, field } = checked;
  const claimed = await db
    .update(uploads)
    .set({ status: 'claimed', claimedAt: sql`now()` })
    .where(and(eq(uploads.id, uploadId), eq(uploads.status, 'pending')))
    .returning({ id: uploads.id });
  if (claimed.length === 0) throw new ValidationError(PROFILE_IMAGE_MESSAGE, field);
  const storage = getStorage();
  const key = derivedKeyOf(rawKey, purpose);
  const image = (byteSize: number): AdoptedImage => ({ uploadId, rawKey, key, publicUrl: storage.publicUrl(key), purpose, byteSize });
  // the full size is written last: when it is there, its smaller copies are too
  const kept = await storage.stat(key);
  if (kept) return image(kept.size);
  let rendered;
  try {
    rendered = await renderUpload(checked.bytes, purpose, field);
  } catch (error) {
    await db.update(uploads).set({ status: 'deleted' }).where(eq(uploads.id, uploadId));
    await removeObjects([rawKey]);
    throw error;
  }
  try {
    for (const variant of rendered.variants) await storage.write(variantOf(key, variant.width), variant.body, 'image/webp');
    await storage.write(key, rendered.full, 'image/webp');
  } catch (error) {
    await removeObjects([key, ...variantKeys(key)]);
    await releaseImage(db, image(0));
    throw error;
  }
  return image(rendered.full.byteLength);
}

/**
 * The form's save failed: the upload is pending again, and its resized copy is kept for the next
 * save that names it (or removed with the upload when it is abandoned: sweepAbandonedUploads). A
 * claim the sweep gave up meanwhile (it outlived its lease) is not given back: nothing can adopt the
 * upload any more, so the copy this save wrote after the sweep is removed now.
 */
export async function releaseImage(db: Executor, image: AdoptedImage): Promise<void> {
  const released = await db
    .update(uploads)
    .set({ status: 'pending', claimedAt: null })
    .where(and(eq(uploads.id, image.uploadId), eq(uploads.status, 'claimed')))
    .returning({ id: uploads.id });
  if (released.length > 0) return;
  const [gone] = await db.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.id, image.uploadId), eq(uploads.status, 'deleted')));
  if (gone) await removeObjects([image.key, ...variantKeys(image.key)]);
}

async function removeQuietly(storage: ObjectStorage, key: string) {
  try {
    await storage.remove(key);
  } catch (error) {
    logger.warn({ err: error, key }, 'could not delete an uploaded image');
  }
}

/**
 * Inside the form's transaction, once the record points at `next` (or at nothing) instead of
 * `previous`: the original upload, claimed by this save (adoptImage), becomes used (adopted), the resized copy is recorded as active, the previous image, when it is
 * an upload of this member's (never generated art or a placeholder), is marked deleted. Answers the
 * keys to remove from storage once committed (removeObjects): the original and the previous image.
 */
export async function commitImageChange(tx: Executor, userId: number, previous: string | null, next: AdoptedImage | null, field: string): Promise<string[]> {
  const toRemove: string[] = [];
  if (next) {
    // claimed by this save (adoptImage); anything else having changed it since (the sweep gave up a
    // claim that outlived its lease) is a refusal
    const used = await tx
      .update(uploads)
      .set({ status: 'used' })
      .where(and(eq(uploads.id, next.uploadId), eq(uploads.status, 'claimed')))
      .returning({ id: uploads.id });
    if (used.length === 0) throw new ValidationError(PROFILE_IMAGE_MESSAGE, field);
    await tx.insert(uploads).values({
      userId,
      purpose: next.purpose,
      storageKey: next.key,
      publicUrl: next.publicUrl,
      contentType: 'image/webp',
      byteSize: next.byteSize,
      status: 'active',
    });
    toRemove.push(next.rawKey);
  }
  if (previous !== null) {
    const replaced = await tx
      .update(uploads)
      .set({ status: 'deleted' })
      .where(and(eq(uploads.publicUrl, previous), eq(uploads.userId, userId), eq(uploads.status, 'active')))
      .returning({ key: uploads.storageKey });
    for (const row of replaced) toRemove.push(row.key, ...variantKeys(row.key));
  }
  return toRemove;
}

/** A stored image (an `active` upload row: a published copy and its smaller copies) that a save may let go of. */
export interface StoredImage {
  id: number;
  userId: number | null;
  purpose: string;
  storageKey: string;
}

/**
 * The stored image published at `publicUrl`, its row locked until the transaction ends (SELECT … FOR
 * UPDATE): a save naming it and a save letting go of it take turns, so the second sees what the
 * first did (`keepImage`, `discardImage`). Undefined when no stored image is there (generated art, a
 * placeholder, an image deleted already).
 */
export async function lockStoredImage(tx: Executor, publicUrl: string, owner?: { userId: number | null; purpose: UploadPurpose }): Promise<StoredImage | undefined> {
  const [row] = await tx
    .select({ id: uploads.id, userId: uploads.userId, purpose: uploads.purpose, storageKey: uploads.storageKey })
    .from(uploads)
    .where(
      and(
        eq(uploads.publicUrl, publicUrl),
        eq(uploads.status, 'active'),
        typeof owner?.userId === 'number' ? eq(uploads.userId, owner.userId) : undefined,
        owner ? eq(uploads.purpose, owner.purpose) : undefined,
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

/**
 * Inside the transaction that let go of a stored image nothing names any more (the caller checked,
 * under `lockStoredImage`'s lock): the copy is marked deleted, and so is the original upload it was
 * made from (a `used` row of the same member and purpose whose derived key it is). Answers the keys
 * to remove once committed (removeObjects): the copy, its smaller copies, and the original (already
 * removed when the copy was committed, commitImageChange; named again in case that removal was lost).
 */
export async function discardImage(tx: Executor, image: StoredImage): Promise<string[]> {
  await tx.update(uploads).set({ status: 'deleted' }).where(eq(uploads.id, image.id));
  const keys = [image.storageKey, ...variantKeys(image.storageKey)];
  if (image.userId === null) return keys;
  // a member's originals of one purpose: a handful (uploads are rate-limited), hashed here
  const used = await tx
    .select({ id: uploads.id, key: uploads.storageKey })
    .from(uploads)
    .where(and(eq(uploads.userId, image.userId), eq(uploads.purpose, image.purpose), eq(uploads.status, 'used')));
  const original = used.find((row) => derivedKeyOf(row.key, image.purpose as UploadPurpose) === image.storageKey);
  if (original) {
    await tx.update(uploads).set({ status: 'deleted' }).where(eq(uploads.id, original.id));
    keys.push(original.key);
  }
  return keys;
}

/** Removes objects no record points at any more (after the change that let go of them committed). */
export async function removeObjects(keys: string[]): Promise<void> {
  const storage = getStorage();
  await Promise.all(keys.map((key) => removeQuietly(storage, key)));
}

/** The upload purpose of a profile field. */
export const profileImagePurpose = (field: keyof typeof PROFILE_IMAGE_PURPOSE) => PROFILE_IMAGE_PURPOSE[field];

/** An upload still pending this long after its address was handed out (10 minutes) was abandoned. */
export const ABANDONED_UPLOAD_HOURS = 24;

/** A claim younger than its lease (UPLOAD_CLAIM_MINUTES): a save is decoding the upload. */
const liveClaim = () => and(eq(uploads.status, 'claimed'), gte(uploads.claimedAt, sql`now() - make_interval(mins => ${UPLOAD_CLAIM_MINUTES})`));

/** Pending for a day, pending from before 029, or claimed by a save that did not come back. */
const abandoned = () =>
  or(
    and(
      eq(uploads.status, 'pending'),
      or(
        lt(uploads.createdAt, sql`now() - make_interval(hours => ${ABANDONED_UPLOAD_HOURS})`),
        // an original from before 029 lies where it is served: not kept a day (the member uploads again)
        notLike(uploads.storageKey, `${ORIGINALS_PREFIX}%`),
      ),
    ),
    and(eq(uploads.status, 'claimed'), lt(uploads.claimedAt, sql`now() - make_interval(mins => ${UPLOAD_CLAIM_MINUTES})`)),
  );

/**
 * Forgets up to `limit` abandoned uploads, oldest first: marked deleted (so they can no longer be
 * adopted), then their objects removed. Answers how many. Pending uploads sent before originals were
 * private (keys outside `originals/`, docs/decisions/029) count as abandoned at once, and so do claims
 * that outlived their lease (the save that claimed it died while decoding).
 */
export async function sweepAbandonedUploads(db: Executor, limit = 50): Promise<number> {
  const stale = await db.select({ id: uploads.id }).from(uploads).where(abandoned()).orderBy(asc(uploads.createdAt)).limit(limit);
  if (stale.length === 0) return 0;
  const swept = await db
    .update(uploads)
    .set({ status: 'deleted' })
    .where(and(inArray(uploads.id, stale.map((row) => row.id)), abandoned()))
    .returning({ key: uploads.storageKey, purpose: uploads.purpose });
  // with the resized copy a failed save may have left for the next one (adoptImage)
  await removeObjects(
    swept.flatMap((row) => {
      const derived = derivedKeyOf(row.key, row.purpose as UploadPurpose);
      return [row.key, derived, ...variantKeys(derived)];
    }),
  );
  return swept.length;
}

/**
 * Removes what storage holds that nothing can adopt any more, once older than a ticket (10 minutes,
 * docs/decisions/029): temporary files of PUTs and writes cut short (a crash), and originals without
 * a pending upload or a live claim (one adopted and done, one sent after its upload was adopted or
 * swept, one whose row is gone). Originals of pending uploads are kept: they may still be adopted
 * (until sweepAbandonedUploads); so are those a save has claimed and is decoding. Every original is
 * looked at, page by page of the listing. Answers how many files or objects went.
 */
export async function sweepStrayUploads(db: Executor): Promise<number> {
  const storage = getStorage();
  const olderThan = new Date(Date.now() - UPLOAD_TTL_SECONDS * 1000);
  let removed = await storage.sweepTemporaries(olderThan);
  for await (const batch of storage.listOriginals(olderThan)) {
    if (batch.length === 0) continue;
    const adoptable = await db
      .select({ key: uploads.storageKey })
      .from(uploads)
      .where(and(inArray(uploads.storageKey, batch), or(eq(uploads.status, 'pending'), liveClaim())));
    const keep = new Set(adoptable.map((row) => row.key));
    const strays = batch.filter((key) => !keep.has(key));
    await removeObjects(strays);
    removed += strays.length;
  }
  return removed;
}
