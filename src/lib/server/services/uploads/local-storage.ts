// The local storage driver (docs/decisions/024, 029): published copies under DATA_DIR/media/uploads
// (served), originals under DATA_DIR/upload-originals (never served), uploaded through a signed
// address on this server: `PUT /api/v1/uploads/local/originals/<key>?expires&type&size&sig`, where
// `sig` is an HMAC-SHA256 (a key derived from the token secret) of the method, key, expiry, type and
// size. The handler checks it and the body's type; `receive` writes the body to `<file>.part`
// (created exclusively: one PUT of a key at a time), removes it on any failure, and `place` links (or,
// without hard links, renames) it into place only if no file is there yet (one received file a ticket).
import type { Dirent } from 'node:fs';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getJwtKey } from '../../auth/secrets.ts';
import type { ObjectStorage } from './storage.ts';
import { isOriginalKey, ORIGINALS_PREFIX, STORAGE_KEY } from './storage-keys.ts';

/** The API path of local uploads (under /api/v1). */
export const LOCAL_UPLOAD_PATH = '/uploads/local/';

export { STORAGE_KEY };

let signingKey: Buffer | undefined;
/** Its own key, derived from the token secret: an upload signature is never a token's and the other way round. */
function uploadSigningKey(): Buffer {
  signingKey ??= createHmac('sha256', getJwtKey()).update('dramalist local uploads v1').digest();
  return signingKey;
}

function signature(key: string, expires: number, contentType: string, size: number): string {
  return createHmac('sha256', uploadSigningKey()).update(['PUT', key, expires, contentType, size].join('\n')).digest('base64url');
}

export interface LocalUploadGrant {
  key: string;
  expires: number;
  contentType: string;
  size: number;
}

/**
 * The grant a signed local upload address carries, or undefined when its signature does not hold or
 * it is malformed (expiry is the caller's to check: it says "expired" rather than "invalid").
 */
export function readLocalUploadGrant(key: string, query: Record<string, string | undefined>): LocalUploadGrant | undefined {
  const { expires, type, size, sig } = query;
  // only originals are ever signed for (published copies are written by the server alone)
  if (!isOriginalKey(key) || !expires || !type || !size || !sig) return undefined;
  if (!/^\d{1,12}$/.test(expires) || !/^\d{1,12}$/.test(size)) return undefined;
  const expected = Buffer.from(signature(key, Number(expires), type, Number(size)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { key, expires: Number(expires), contentType: type, size: Number(size) };
}

/** A body received into its temporary file: `place` puts it where the key's file goes, `discard` drops it. */
export interface ReceivedUpload {
  size: number;
  /**
   * Puts the file in place unless a file is there already ('exists') or the temporary file was swept
   * ('gone'): a link, or a check and a rename where hard links are not supported — metadata only, no
   * copy. The caller holds the upload row's lock (receiveLocalUpload), which makes the check and the
   * rename one step against any other PUT of the key.
   */
  place(): Promise<'placed' | 'exists' | 'gone'>;
  /** Removes the temporary file (nothing once it was placed). */
  discard(): Promise<void>;
}

const isCode = (error: unknown, ...codes: string[]) => codes.includes((error as NodeJS.ErrnoException).code ?? '');

async function exists(file: string): Promise<boolean> {
  try {
    await fs.stat(file);
    return true;
  } catch (error) {
    if (isCode(error, 'ENOENT')) return false;
    throw error;
  }
}

/** Every file under `root` (none when it does not exist). */
async function filesUnder(root: string): Promise<Dirent[]> {
  try {
    return (await fs.readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  } catch (error) {
    if (isCode(error, 'ENOENT')) return [];
    throw error;
  }
}

async function lastWritten(file: string): Promise<number | undefined> {
  try {
    return (await fs.stat(file)).mtimeMs;
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

export function createLocalStorage(root: string, originalsRoot: string, publicPrefix: string): ObjectStorage & {
  /**
   * Writes an uploaded body, at most `maxBytes`, to the key's temporary file, removed on any failure
   * (a client that goes away, a read error, too many bytes). 'exists': the key's file was received
   * already; 'busy': another PUT of the key is being received.
   */
  receive(key: string, chunks: AsyncIterable<Uint8Array>, maxBytes: number): Promise<ReceivedUpload | 'too-large' | 'exists' | 'busy'>;
} {
  const fileOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${key}`);
    return key.startsWith(ORIGINALS_PREFIX) ? path.join(originalsRoot, key.slice(ORIGINALS_PREFIX.length)) : path.join(root, key);
  };
  return {
    driver: 'local',
    async signUpload(key, contentType, size, expiresAt) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({ expires: String(expires), type: contentType, size: String(size), sig: signature(key, expires, contentType, size) });
      return { url: `/api/v1${LOCAL_UPLOAD_PATH}${key}?${query}`, headers: { 'Content-Type': contentType } };
    },
    publicUrl: (key) => `${publicPrefix}/${key}`,
    async stat(key) {
      try {
        const stats = await fs.stat(fileOf(key));
        return stats.isFile() ? { size: stats.size } : undefined;
      } catch (error) {
        if (isCode(error, 'ENOENT')) return undefined;
        throw error;
      }
    },
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if (isCode(error, 'ENOENT')) return undefined;
        throw error;
      }
    },
    async write(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await fs.writeFile(temporary, body);
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async receive(key, chunks, maxBytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      if (await exists(file)) return 'exists';
      // one name per key, created exclusively: a second PUT of the key meanwhile is refused
      const temporary = `${file}.part`;
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(temporary, 'wx');
      } catch (error) {
        if (isCode(error, 'EEXIST')) return 'busy';
        throw error;
      }
      let size = 0;
      let received = false;
      try {
        for await (const chunk of chunks) {
          size += chunk.byteLength;
          if (size > maxBytes) break;
          await handle.write(chunk);
        }
        received = size <= maxBytes;
      } finally {
        await handle.close();
        // too many bytes, or the body failed (the client went away mid-body): nothing is kept
        if (!received) await fs.rm(temporary, { force: true });
      }
      if (!received) return 'too-large';
      return {
        size,
        async place() {
          try {
            // a link (unlike a rename) never replaces a file already there
            await fs.link(temporary, file);
          } catch (error) {
            if (isCode(error, 'EEXIST')) return 'exists';
            if (isCode(error, 'ENOENT')) return 'gone';
            if (!isCode(error, 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV')) throw error;
            // a file system without hard links: a check, then a rename — no copy, as the caller holds
            // the upload row's lock meanwhile, which every placing of this key takes (docs/decisions/029)
            if (await exists(file)) return 'exists';
            try {
              await fs.rename(temporary, file);
            } catch (renameError) {
              if (isCode(renameError, 'ENOENT')) return 'gone';
              throw renameError;
            }
            return 'placed';
          }
          await fs.rm(temporary, { force: true });
          return 'placed';
        },
        async discard() {
          await fs.rm(temporary, { force: true });
        },
      };
    },
    async *listOriginals(olderThan) {
      let keys: string[] = [];
      for (const entry of await filesUnder(originalsRoot)) {
        const file = path.join(entry.parentPath, entry.name);
        const key = ORIGINALS_PREFIX + path.relative(originalsRoot, file).split(path.sep).join('/');
        if (!isOriginalKey(key)) continue;
        const written = await lastWritten(file);
        if (written === undefined || written >= olderThan.getTime()) continue;
        keys.push(key);
        if (keys.length === 1000) {
          yield keys;
          keys = [];
        }
      }
      if (keys.length > 0) yield keys;
    },
    async sweepTemporaries(olderThan) {
      let removed = 0;
      for (const dir of [originalsRoot, root]) {
        for (const entry of await filesUnder(dir)) {
          if (!entry.name.endsWith('.part')) continue;
          const file = path.join(entry.parentPath, entry.name);
          const written = await lastWritten(file);
          if (written === undefined || written >= olderThan.getTime()) continue;
          await fs.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
