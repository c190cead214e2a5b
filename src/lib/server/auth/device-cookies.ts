// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; docs/decisions/032):
// a browser that signed in to an account carries a signed note of it — the account and a random
// nonce — and signs in again under a failure budget of its own instead of the account's ceiling.
import { createHmac, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { getJwtKey } from './secrets.ts';

/** The cookie's name. */
export const DEVICE_COOKIE = 'dl_device';
/** Sent back with sign-in requests only. */
export const DEVICE_COOKIE_PATH = '/api/v1/auth/login';
/** How long a browser stays trusted after its last sign-in (each sign-in issues a new cookie). */
export const DEVICE_COOKIE_TTL_SECONDS = 180 * 24 * 3600;

const ISSUER = 'dramalist';
const AUDIENCE = 'device';

let deviceKey: Uint8Array | undefined;

/**
 * Its own key, derived from the site's secret: a device cookie is never an access token (which it
 * would be under the same key, with sub, iat, exp and jti), nor an access token a device cookie.
 */
function getDeviceKey(): Uint8Array {
  deviceKey ??= new Uint8Array(createHmac('sha256', getJwtKey()).update('dramalist device cookie').digest());
  return deviceKey;
}

export interface DeviceCookie {
  userId: number;
  /** random; the device's failure budget is counted under it */
  nonce: string;
}

/** A new device cookie's value for the account (HS256 JWT: sub, a random jti as the nonce, iat, exp). */
export function issueDeviceCookie(userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_COOKIE_TTL_SECONDS}s`)
    .sign(getDeviceKey());
}

/** What a device cookie says, or undefined when it is missing, malformed, forged or expired. */
export async function readDeviceCookie(value: string | undefined): Promise<DeviceCookie | undefined> {
  if (!value || value.length > 1000) return undefined;
  try {
    const { payload } = await jwtVerify(value, getDeviceKey(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'iat', 'exp', 'jti'],
      maxTokenAge: DEVICE_COOKIE_TTL_SECONDS,
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return undefined;
    if (typeof payload.jti !== 'string' || !payload.jti || payload.jti.length > 64) return undefined;
    return { userId, nonce: payload.jti };
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
