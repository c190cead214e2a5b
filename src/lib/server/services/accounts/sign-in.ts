// Signing in with a password: the limits that stop guessing, and the token. See docs/decisions/010 and 032.
import { signAccessToken } from '../../auth/access-tokens.ts';
import { issueDeviceCookie, readDeviceCookie } from '../../auth/device-cookies.ts';
import type { Executor } from '../../db/transactions.ts';
import { RateLimitedError, UnauthenticatedError } from '../../errors.ts';
import {
  clearLimit,
  consumeLimit,
  isRemembered,
  limitKey,
  refundLimit,
  remember,
} from '../../rate-limit.ts';
import { authenticate, findUserIdByEmail, type UserRow } from './accounts.ts';

export interface PasswordSignIn {
  /** the account's e-mail, as typed */
  email: string;
  password: string;
  /** the client's address (api/client-ip.ts) */
  address: string;
  /** the device cookie the browser sent, if any (auth/device-cookies.ts) */
  deviceCookie?: string;
}

export interface SignedIn {
  accessToken: string;
  /** a new device cookie for the browser: it signed in to this account */
  deviceCookie: string;
}

/** authenticate() refuses a wrong e-mail or password as UnauthenticatedError; anything else is not a guess. */
const isWrongCredentials = (error: unknown) => error instanceof UnauthenticatedError;

/**
 * The device (its cookie's nonce) this attempt may sign in with, outside the account's ceiling: a
 * genuine device cookie of the very account typed, whose own failure budget is not spent. Its
 * failure is counted here, before the password is checked; a spent one is ignored (untrusted).
 */
async function trustedDevice(db: Executor, attempt: PasswordSignIn): Promise<string | undefined> {
  const device = await readDeviceCookie(attempt.deviceCookie);
  if (!device) return undefined;
  if ((await findUserIdByEmail(db, attempt.email)) !== device.userId) return undefined;
  try {
    await consumeLimit('loginFailuresByDevice', limitKey.device(device.nonce));
  } catch (error) {
    if (error instanceof RateLimitedError) return undefined;
    throw error;
  }
  return device.nonce;
}

/** What a success issues: the access token, and the browser's new device cookie. */
export async function signedIn(user: UserRow): Promise<SignedIn> {
  const [accessToken, deviceCookie] = await Promise.all([
    signAccessToken({ userId: user.id, role: user.role, version: user.tokenVersion }),
    issueDeviceCookie(user.id),
  ]);
  return { accessToken, deviceCookie };
}

/**
 * Checks the credentials and issues an access token and a device cookie. Each attempt is counted
 * before the password is checked (and given back when it turns out right), so no number of
 * simultaneous requests gets more guesses than the limits allow:
 * - every attempt from the address (loginByAddress);
 * - from a browser with a device cookie of this account (OWASP's device cookies, docs/decisions/032):
 *   a failure with that cookie (loginFailuresByDevice, 10 in 15 minutes), and nothing else: the
 *   account's limits below neither refuse it nor count its failures, so a guessing attack on the
 *   account does not lock out the browsers its owner signed in with. Once its budget is spent, the
 *   cookie is ignored and the attempt is counted as any other;
 * - a failure on this account from this address (loginFailuresByAccountAndAddress): a stranger
 *   guessing locks out only their own address, never the member's; a success clears it;
 * - a failure on this account from any address (loginFailuresByAccount, 100 an hour): caps guessing
 *   from many addresses at once. It never refuses an address the member signed in from in the last 30
 *   days, and a password reset clears it; elsewhere the member signs in with a device cookie or an
 *   e-mailed sign-in link (sign-in-links.ts).
 * Throws RateLimitedError, or authenticate()'s UnauthenticatedError / ForbiddenError.
 */
export async function signInWithPassword(db: Executor, attempt: PasswordSignIn): Promise<SignedIn> {
  const account = limitKey.account(attempt.email);
  const pair = limitKey.accountAtAddress(attempt.email, attempt.address);

  await consumeLimit('loginByAddress', limitKey.address(attempt.address));

  const device = await trustedDevice(db, attempt);
  if (device) {
    const deviceKey = limitKey.device(device);
    let user;
    try {
      user = await authenticate(db, attempt.email, attempt.password);
    } catch (error) {
      if (!isWrongCredentials(error)) await refundLimit('loginFailuresByDevice', deviceKey);
      throw error;
    }
    await Promise.all([
      clearLimit('loginFailuresByDevice', deviceKey),
      clearLimit('loginFailuresByAccountAndAddress', pair),
      remember('signInAddress', pair),
    ]);
    return signedIn(user);
  }

  await consumeLimit('loginFailuresByAccountAndAddress', pair);
  try {
    await consumeLimit('loginFailuresByAccount', account);
  } catch (error) {
    // Counted either way; refused only from an address the member has not signed in from lately.
    const knownAddress = error instanceof RateLimitedError && (await isRemembered('signInAddress', pair));
    if (!knownAddress) {
      await refundLimit('loginFailuresByAccountAndAddress', pair);
      throw error;
    }
  }

  let user;
  try {
    user = await authenticate(db, attempt.email, attempt.password);
  } catch (error) {
    if (!isWrongCredentials(error)) {
      // The password was right (an unverified account) or we failed: not a failed guess.
      await Promise.all([refundLimit('loginFailuresByAccountAndAddress', pair), refundLimit('loginFailuresByAccount', account)]);
    }
    throw error;
  }
  await Promise.all([
    clearLimit('loginFailuresByAccountAndAddress', pair),
    refundLimit('loginFailuresByAccount', account),
    remember('signInAddress', pair),
  ]);
  return signedIn(user);
}
