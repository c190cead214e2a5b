// Signing in with a password: the limits that stop guessing, and the token. See docs/decisions/010.
import { signAccessToken } from '../../auth/access-tokens.ts';
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
import { authenticate } from './accounts.ts';

export interface PasswordSignIn {
  /** the account's e-mail, as typed */
  email: string;
  password: string;
  /** the client's address (api/client-ip.ts) */
  address: string;
}

/** authenticate() refuses a wrong e-mail or password as UnauthenticatedError; anything else is not a guess. */
const isWrongCredentials = (error: unknown) => error instanceof UnauthenticatedError;

/**
 * Checks the credentials and issues an access token. Each attempt is counted before the password is
 * checked (and given back when it turns out right), so no number of simultaneous requests gets more
 * guesses than the limits allow:
 * - every attempt from the address (loginByAddress);
 * - a failure on this account from this address (loginFailuresByAccountAndAddress): a stranger
 *   guessing locks out only their own address, never the member's; a success clears it;
 * - a failure on this account from any address (loginFailuresByAccount, 100 an hour): caps guessing
 *   from many addresses at once. It never refuses an address the member signed in from in the last 30
 *   days, and a password reset clears it, so a member is never locked out by it.
 * Throws RateLimitedError, or authenticate()'s UnauthenticatedError / ForbiddenError.
 */
export async function signInWithPassword(db: Executor, attempt: PasswordSignIn): Promise<{ accessToken: string }> {
  const account = limitKey.account(attempt.email);
  const pair = limitKey.accountAtAddress(attempt.email, attempt.address);

  await consumeLimit('loginByAddress', limitKey.address(attempt.address));
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
  const accessToken = await signAccessToken({ userId: user.id, role: user.role, version: user.tokenVersion });
  return { accessToken };
}
