// The local storage driver (docs/decisions/024): files under DATA_DIR/media/uploads, uploaded
// through a signed address on this server: `PUT /api/v1/uploads/local/<key>?expires&type&size&sig`,
// where `sig` is an HMAC-SHA256 (a key derived from the token secret) of the method, key, expiry,
// type and size. The handler checks it, the body's size and type, and writes the file.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getJwtKey } from '../../auth/secrets.ts';
import type { ObjectStorage } from './storage.ts';

/** The API path of local uploads (under /api/v1). */
export const LOCAL_UPLOAD_PATH = '/uploads/local/';

/** What a storage key looks like: `<purpose>/<22 URL-safe characters>.<ext>` (uploads.ts makes them). */
export const STORAGE_KEY = /^(avatar|cover|drama_banner|person_image)\/[A-Za-z0-9_-]{16,64}\.(jpg|png|webp)$/;

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
  if (!STORAGE_KEY.test(key) || !expires || !type || !size || !sig) return undefined;
  if (!/^\d{1,12}$/.test(expires) || !/^\d{1,12}$/.test(size)) return undefined;
  const expected = Buffer.from(signature(key, Number(expires), type, Number(size)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { key, expires: Number(expires), contentType: type, size: Number(size) };
}

export function createLocalStorage(root: string, publicPrefix: string): ObjectStorage & {
  /** Writes an uploaded body (already size-checked by the caller's stream) into place. */
  receive(key: string, chunks: AsyncIterable<Uint8Array>, maxBytes: number): Promise<{ size: number } | 'too-large'>;
} {
  const fileOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(root, key);
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
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async write(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, file);
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async receive(key, chunks, maxBytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
      const handle = await fs.open(temporary, 'wx');
      let size = 0;
      try {
        for await (const chunk of chunks) {
          size += chunk.byteLength;
          if (size > maxBytes) break;
          await handle.write(chunk);
        }
      } finally {
        await handle.close();
      }
      if (size > maxBytes) {
        await fs.rm(temporary, { force: true });
        return 'too-large';
      }
      await fs.rename(temporary, file);
      return { size };
    },
  };
}
