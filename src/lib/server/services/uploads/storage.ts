// Where uploaded images live (docs/decisions/024, 029): one interface, two drivers. `local` keeps
// the published copies under DATA_DIR/media/uploads (served at /media/uploads/ by the site server)
// and the originals members send under DATA_DIR/upload-originals (never served), and hands out
// signed PUT addresses on this server; `s3` keeps both in an S3-compatible bucket (originals under
// the private `originals/` prefix, which the bucket policy does not let anyone read) and hands out
// presigned PUT URLs, so no image bytes pass through this process on the way in. Keys are
// `<purpose>/<random>.<ext>` for published copies, `originals/<purpose>/<random>.<ext>` for originals.
import path from 'node:path';
import { env } from '../../env.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

export { ORIGINALS_PREFIX, STORAGE_KEY } from './storage-keys.ts';

/** A presigned upload: where to PUT the file, and the headers the PUT must carry exactly. */
export interface SignedUpload {
  url: string;
  headers: Record<string, string>;
}

export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** A short-lived address that accepts one PUT of this key, with this Content-Type and at most `size` bytes. */
  signUpload(key: string, contentType: string, size: number, expiresAt: Date): Promise<SignedUpload>;
  /** The address browsers read the object at. */
  publicUrl(key: string): string;
  /** The object's size, or undefined when there is none. */
  stat(key: string): Promise<{ size: number } | undefined>;
  /** The object's bytes, or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  /** Stores an object (a resized image), publicly readable, cached for long (keys are never reused). */
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes an object; one that is already gone is not an error. */
  remove(key: string): Promise<void>;
  /** Every original key (under ORIGINALS_PREFIX) last written before `olderThan`, page by page (at most 1000 a page). */
  listOriginals(olderThan: Date): AsyncIterable<string[]>;
  /** Removes temporary files (a PUT or a write cut short) older than `olderThan`; answers how many. */
  sweepTemporaries(olderThan: Date): Promise<number>;
}

/** Where the originals of the local driver live: outside DATA_DIR/media, so nothing serves them. */
export const originalsDir = () => path.join(env().dataDir, 'upload-originals');

/** DATA_DIR/media: the site server serves it at /media/ (generated art and local uploads). */
export const mediaDir = () => path.join(env().dataDir, 'media');

let storage: ObjectStorage | undefined;

/** The storage STORAGE_DRIVER names (configured once per process). */
export function getStorage(): ObjectStorage {
  storage ??= env().storage.driver === 's3' ? createS3Storage(env().storage) : createLocalStorage(path.join(mediaDir(), 'uploads'), originalsDir(), '/media/uploads');
  return storage;
}

/** Forgets the configured storage (tests that change STORAGE_DRIVER or S3_* call it after reloadEnv()). */
export function resetStorage(): void {
  storage = undefined;
}
