// The database half of the username rules (contract "Usernames"; docs/decisions/030): a name is
// free unless an account has one that looks like it (its skeleton), or a member gave it up less than
// 30 days ago; a member renames at most 5 times a day (a change of letter case is free); the name of
// an account whose e-mail was not verified within 7 days is freed (the account is deleted) when
// someone asks for it. The pure rules are in lib/accounts/username-rules.ts.
import { and, count, eq, gt, isNotNull, isNull, lt, min, ne, or, sql } from 'drizzle-orm';
import { USERNAME_MESSAGES } from '../../../accounts/account-rules.ts';
import {
  findUsernameProblem,
  normalizeUsername,
  sameUsernameIgnoringCase,
  USERNAME_RULE_MESSAGES,
  usernameSkeleton,
} from '../../../accounts/username-rules.ts';
import { usernameChanges, users } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import { ConflictError, RateLimitedError, ValidationError } from '../../errors.ts';

export const USERNAME_TAKEN = USERNAME_MESSAGES.taken;
/** successful renames (other than of letter case) a member may make in a day */
export const RENAMES_PER_DAY = 5;
export const HOLD_DAYS = 30;
export const UNVERIFIED_RELEASE_DAYS = 7;

const DAY_MS = 24 * 3600 * 1000;

export const usernameTaken = () => new ConflictError(USERNAME_TAKEN, 'username');

/**
 * A name and the skeleton stored with it. A rename that keeps the name (or changes only its letter
 * case) leaves the stored skeleton as it is (undefined here): an account older than the rule may
 * have none, because an older look-alike holds it.
 */
export interface ClaimedUsername {
  username: string;
  usernameSkeleton?: string;
}

/** The account renaming, with its current name (none: a new account). */
interface Claimant {
  id: number;
  username: string;
}

const lookAlikeOf = (name: string, skeleton: string) => or(eq(users.usernameSkeleton, skeleton), eq(sql`lower(${users.username})`, name.toLowerCase()));
const neverVerified = () => and(isNull(users.emailVerifiedAt), lt(users.createdAt, sql`now() - make_interval(days => ${UNVERIFIED_RELEASE_DAYS})`));

/** An account never verified for 7 days gives its name up when someone takes it: it is deleted (it could never sign in). */
async function releaseName(db: Executor, name: string, skeleton: string, claimant?: Claimant): Promise<void> {
  await db.delete(users).where(and(lookAlikeOf(name, skeleton), claimant ? ne(users.id, claimant.id) : undefined, neverVerified()));
}

/**
 * Whether `name` is free for `claimant` (a new account when undefined); throws the reason when not.
 * `release`: delete the account never verified for 7 days that holds it (a claim does; a check made
 * before anything is saved only looks past it).
 */
async function checkFree(db: Executor, name: string, skeleton: string, claimant?: Claimant, { release = true } = {}): Promise<void> {
  const notMe = claimant ? ne(users.id, claimant.id) : undefined;
  const lookAlike = lookAlikeOf(name, skeleton);
  const released = neverVerified();
  if (release) await releaseName(db, name, skeleton, claimant);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lookAlike, notMe, release ? undefined : sql`not coalesce(${released}, false)`))
    .limit(1);
  if (taken) throw usernameTaken();
  const [held] = await db
    .select({ id: usernameChanges.id })
    .from(usernameChanges)
    .where(
      and(
        eq(usernameChanges.oldSkeleton, skeleton),
        gt(usernameChanges.changedAt, sql`now() - make_interval(days => ${HOLD_DAYS})`),
        claimant ? ne(usernameChanges.userId, claimant.id) : undefined,
      ),
    )
    .limit(1);
  if (held) throw usernameTaken();
}

function checkRules(name: string): void {
  const problem = findUsernameProblem(name);
  if (problem) throw new ValidationError(USERNAME_RULE_MESSAGES[problem], 'username');
}

/** The name a new account may take (normalised, with its skeleton), or the error saying why not. */
export async function claimNewUsername(db: Executor, wanted: string): Promise<ClaimedUsername> {
  const username = normalizeUsername(wanted);
  checkRules(username);
  const skeleton = usernameSkeleton(username);
  await checkFree(db, username, skeleton);
  return { username, usernameSkeleton: skeleton };
}

/**
 * The rules of a new account's name, checked once, writing nothing, before anything costly (the
 * password's hash): its own rules and the names taken or held. Answers the name to store, which
 * takeCheckedUsername takes in the transaction that creates the account.
 */
export async function checkNewUsername(db: Executor, wanted: string): Promise<Required<ClaimedUsername>> {
  const username = normalizeUsername(wanted);
  checkRules(username);
  const skeleton = usernameSkeleton(username);
  await checkFree(db, username, skeleton, undefined, { release: false });
  return { username, usernameSkeleton: skeleton };
}

/**
 * In the transaction that creates the account, a name checkNewUsername allowed: frees it from an
 * account never verified for 7 days (the check looked past it). Not checked again: of two accounts
 * taking one name (or look-alikes) at once, the unique indexes refuse the second.
 */
export async function takeCheckedUsername(db: Executor, checked: Required<ClaimedUsername>): Promise<ClaimedUsername> {
  await releaseName(db, checked.username, checked.usernameSkeleton);
  return checked;
}

/**
 * A member's rename to `wanted`, which checkRename allowed earlier in the same save (its rules and
 * the names taken or held are not checked again: of two accounts taking one name or look-alikes at
 * once, the unique indexes refuse the second): the name and skeleton to store; the name is freed from
 * an account never verified for 7 days, and the name given up is recorded (held for its owner, and
 * counted). Run it in the transaction that saves the name, with the member's row locked: the daily
 * limit is counted there, so the count and the record are one step (two saves at once count in turn).
 */
export async function claimRename(db: Executor, member: Claimant, wanted: string): Promise<ClaimedUsername> {
  const username = normalizeUsername(wanted);
  // the same name, or only its letter case changed: free, not counted, and its skeleton stays as stored
  if (sameUsernameIgnoringCase(username, member.username)) return { username };
  const skeleton = usernameSkeleton(username);
  await checkRenameLimit(db, member.id);
  await releaseName(db, username, skeleton, member);
  await db.insert(usernameChanges).values({ userId: member.id, oldUsername: member.username, oldSkeleton: usernameSkeleton(member.username) });
  return { username, usernameSkeleton: skeleton };
}

/** A 6th rename (other than of letter case) in a day is refused with when to try again. */
async function checkRenameLimit(db: Executor, memberId: number): Promise<void> {
  const [recent] = await db
    .select({ renames: count(), oldest: min(usernameChanges.changedAt) })
    .from(usernameChanges)
    .where(and(eq(usernameChanges.userId, memberId), gt(usernameChanges.changedAt, sql`now() - interval '1 day'`)));
  if (recent && recent.renames >= RENAMES_PER_DAY) {
    const oldest = recent.oldest ? new Date(recent.oldest).getTime() : Date.now();
    const seconds = Math.max(1, (oldest + DAY_MS - Date.now()) / 1000);
    const hours = Math.ceil(seconds / 3600);
    throw new RateLimitedError(
      `You can change your username at most ${RENAMES_PER_DAY} times a day. Please try again in ${hours === 1 ? '1 hour' : `${hours} hours`}.`,
      'usernameChangesByMember',
      seconds,
      'username',
    );
  }
}

/**
 * The rules of a rename that need no lock and write nothing, checked once, before anything costly
 * (an upload's decode, docs/decisions/028): the name's own rules, the daily limit (an early refusal:
 * claimRename counts it again under the member's lock), and the names taken or held.
 */
export async function checkRename(db: Executor, member: Claimant, wanted: string): Promise<void> {
  const username = normalizeUsername(wanted);
  if (sameUsernameIgnoringCase(username, member.username)) return;
  checkRules(username);
  await checkRenameLimit(db, member.id);
  await checkFree(db, username, usernameSkeleton(username), member, { release: false });
}

/** Whether `name` is free for a new account and keeps the rules (social sign-in picks a name with it). */
export async function isUsernameAvailable(db: Executor, name: string): Promise<boolean> {
  try {
    await claimNewUsername(db, name);
    return true;
  } catch (error) {
    if (error instanceof ConflictError || error instanceof ValidationError) return false;
    throw error;
  }
}

/**
 * Fills the skeleton of accounts older than the rule (run after the migrations, and by the seed):
 * in id order, so of two old names that look alike the older account keeps its skeleton and the
 * other stays null (it keeps its name; no new account can take a look-alike of the first).
 */
export async function fillUsernameSkeletons(db: Executor): Promise<number> {
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(isNull(users.usernameSkeleton)).orderBy(users.id);
  if (rows.length === 0) return 0;
  const taken = await db.select({ skeleton: users.usernameSkeleton }).from(users).where(isNotNull(users.usernameSkeleton));
  const seen = new Set(taken.map((row) => row.skeleton));
  const ids: number[] = [];
  const skeletons: string[] = [];
  for (const row of rows) {
    const skeleton = usernameSkeleton(row.username);
    if (seen.has(skeleton)) continue;
    seen.add(skeleton);
    ids.push(row.id);
    skeletons.push(skeleton);
  }
  for (let i = 0; i < ids.length; i += 5000) {
    // s: the pairs of this batch, unnested from two arrays into rows (id, skeleton)
    const pairs = sql`unnest(${`{${ids.slice(i, i + 5000).join(',')}}`}::int[], ${toTextArray(skeletons.slice(i, i + 5000))}::text[]) AS s(id, skeleton)`;
    await db
      .update(users)
      .set({ usernameSkeleton: sql`s.skeleton` })
      .from(pairs)
      .where(eq(users.id, sql`s.id`));
  }
  return ids.length;
}

/** A PostgreSQL text[] literal. */
function toTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
