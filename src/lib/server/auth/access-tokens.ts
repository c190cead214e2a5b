import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../services/users.ts';
import { getJwtKey } from './secrets.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
const ISSUER = 'dramalist';

export interface AccessClaims {
  userId: number;
  role: Role;
  /** the user's token version when issued; a lower one than the account's is revoked */
  version: number;
}

/** Signs an access token (HS256 JWT) for the user. */
export function signAccessToken(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  return new SignJWT({ role: claims.role, ver: claims.version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(getJwtKey());
}

/** The claims of a valid token, or undefined when it is malformed, tampered with or expired. */
export async function readAccessToken(token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, getJwtKey(), { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.ver !== 'number') return undefined;
    return { userId, role: payload.role as Role, version: payload.ver };
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
