import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../users/roles.ts';
import { getJwtKey } from './secrets.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
const ISSUER = 'dramalist';

export interface AccessClaims {
  userId: number;
  role: Role;
  /** the user's token version when issued; a lower one than the account's is revoked */
  version: number;
}

/** What identifies one token: its id (revocable on its own) and when it expires. */
export interface TokenSession extends AccessClaims {
  jti: string;
  expiresAt: Date;
}

/** Signs an access token (HS256 JWT) for the user: sub, iat, exp and a random jti. */
export function signAccessToken(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  return new SignJWT({ role: claims.role, ver: claims.version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(getJwtKey());
}

/**
 * The claims of a valid token, or undefined when it is malformed, tampered with, expired, lacks one
 * of sub, iat, exp or jti, or was issued more than the token lifetime ago (jose accepts a token
 * without `exp` unless told to require it).
 */
export async function readAccessToken(token: string): Promise<TokenSession | undefined> {
  try {
    const { payload } = await jwtVerify(token, getJwtKey(), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'iat', 'exp', 'jti'],
      maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.ver !== 'number') return undefined;
    if (typeof payload.jti !== 'string' || !payload.jti || payload.jti.length > 64) return undefined;
    return { userId, role: payload.role as Role, version: payload.ver, jti: payload.jti, expiresAt: new Date(payload.exp! * 1000) };
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
