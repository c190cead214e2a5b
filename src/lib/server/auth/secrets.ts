import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '../env.ts';

let jwtKey: Uint8Array | undefined;

/**
 * The key that signs access tokens: JWT_SECRET, or a random secret generated once into
 * DATA_DIR/secrets/jwt-secret (fine for one instance; several instances must share JWT_SECRET).
 */
export function getJwtKey(): Uint8Array {
  if (jwtKey) return jwtKey;
  let secret = env().jwtSecret;
  if (!secret) {
    const file = path.join(env().dataDir, 'secrets', 'jwt-secret');
    try {
      secret = fs.readFileSync(file, 'utf8').trim();
    } catch {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      secret = randomBytes(48).toString('base64url');
      try {
        fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      } catch {
        secret = fs.readFileSync(file, 'utf8').trim(); // another process wrote it first
      }
    }
  }
  jwtKey = new TextEncoder().encode(secret);
  return jwtKey;
}
