// One-time sign-in links by e-mail, for a member whose account is under a guessing attack and who
// has no trusted browser at hand (docs/decisions/032).
import { eq, sql } from 'drizzle-orm';
import { consumeOneTimeToken, issueOneTimeToken } from '../../auth/one-time-tokens.ts';
import { getDb } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { withTransaction, type Executor } from '../../db/transactions.ts';
import { ValidationError } from '../../errors.ts';
import { runInBackground } from '../../jobs/background.ts';
import { signInLinkMail } from '../../mail/templates.ts';
import { deliverNow, findUserByEmail, refuseSuspended } from './accounts.ts';
import { signedIn, type SignedIn } from './sign-in.ts';

export const SIGN_IN_LINK_MESSAGES = {
  sent: 'If an account exists for this email, a sign-in link has been sent.',
  badToken: 'Invalid or expired sign-in link',
} as const;

/**
 * E-mails a sign-in link (valid 15 minutes, once) when the account exists. The lookup, the link and
 * the mail happen after the caller has answered, so every address gets the same answer as fast. At
 * most 3 links an hour go to one account, whoever asks (signInLinkMailByAccount); beyond that the
 * request is dropped, not refused, so the answer still tells nothing. The budget is its own, not the
 * reset and verification mails' (mailByAccount): asking for links cannot hold a reset link back.
 */
export function requestSignInLink(email: string): void {
  runInBackground('sending a sign-in link', async () => {
    const db = await getDb();
    const user = await findUserByEmail(db, email);
    if (!user) return;
    // the link is issued only within the budget (deliverNow makes the mail after counting it)
    await deliverNow(user.email, 'signInLinkMailByAccount', async () =>
      signInLinkMail(user.email, user.fullName || user.username, await issueOneTimeToken(db, user.id, 'sign_in')),
    );
  });
}

/**
 * Signs in with a sign-in link: the link is used up by one conditional UPDATE (of simultaneous uses,
 * one wins), the e-mail counts as verified (the link proved the inbox), and the browser gets an
 * access token and a device cookie as after a password. ValidationError for a link that is unknown,
 * used or expired.
 */
export async function redeemSignInLink(db: Executor, token: string): Promise<SignedIn> {
  const user = await withTransaction(db, async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, 'sign_in');
    if (!userId) return undefined;
    const [row] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId))
      .returning();
    return row;
  });
  if (!user) throw new ValidationError(SIGN_IN_LINK_MESSAGES.badToken, 'token');
  refuseSuspended(user);
  return signedIn(user);
}
