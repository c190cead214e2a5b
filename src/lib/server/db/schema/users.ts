import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { authTokenKind, userRole } from './enums.ts';

const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    username: text().notNull(),
    /**
     * what the username looks like, whatever its case (UTS #39 skeleton, lib/accounts/username-rules.ts):
     * unique, so no two names look alike; null only for an account older than the rule whose name
     * looked like an older account's (docs/decisions/030)
     */
    usernameSkeleton: text(),
    fullName: text().notNull().default(''),
    bio: text().notNull().default(''),
    avatar: text(),
    coverPhoto: text(),
    role: userRole().notNull().default('user'),
    /** null for accounts created only through social sign-in */
    passwordHash: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** bumped to revoke every access token issued before (password reset, sign-out everywhere) */
    tokenVersion: integer().notNull().default(0),
    followersCount: integer().notNull().default(0),
    followingCount: integer().notNull().default(0),
    profileViews: integer().notNull().default(0),
    /** watch lists, stats and activity visible to the member only (docs/decisions/020) */
    listsPrivate: boolean().notNull().default(false),
    /** bumped by every write to the member's list entries: the version of their lists' answers (docs/decisions/020) */
    listsVersion: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * set by a moderator (contract "Moderating members"): until then the member's tokens do not work
     * and signing in is refused; null or past = not suspended (permissions.ts isSuspended)
     */
    suspendedUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_skeleton_key').on(t.usernameSkeleton),
  ],
);

/**
 * The usernames members gave up (a rename other than of letter case), for the rename limit (at
 * most 5 a day) and the hold (a name given up is kept for its last owner for 30 days). Rows older
 * than that are no longer read (docs/decisions/030).
 */
export const usernameChanges = pgTable(
  'username_changes',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    oldUsername: text().notNull(),
    oldSkeleton: text().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.changedAt), index().on(t.oldSkeleton, t.changedAt)],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: authTokenKind().notNull(),
    /** SHA-256 of the token sent by e-mail; the token itself is never stored */
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.kind)],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    subject: text().notNull(),
    email: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.provider, t.subject), index().on(t.userId)],
);

/**
 * Access tokens signed out before they expire (POST /auth/logout), by their `jti`; a row is kept
 * until the token would have expired anyway, then pruned.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

/**
 * Shared store of rate-limiter-flexible (RateLimiterPostgres with tableCreated: true). Keys are the
 * limit's name and an address or e-mail (up to 254 characters): text, not varchar(255).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  points: integer().notNull().default(0),
  expire: bigint({ mode: 'number' }),
});

/** Images uploaded by members; storage keys stay on the server. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    purpose: text().notNull(),
    storageKey: text().notNull().unique(),
    publicUrl: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    /**
     * pending: a signed upload address was handed out (the object may or may not exist yet);
     * claimed: a save is decoding it (since claimed_at; pending again if the save fails);
     * used: adopted by a saved record (its original is deleted then); active: a stored image a
     * profile or record shows, or a pending edit suggestion proposes (deleted when the suggestion is
     * rejected and nothing else names it, docs/decisions/038); deleted: removed from storage
     * (docs/decisions/024, 029)
     */
    status: text().notNull().default('pending'),
    /** when a save claimed it: the claim's lease runs from here (docs/decisions/029) */
    claimedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId),
    index().on(t.publicUrl),
    check('uploads_status', sql`${t.status} in ('pending', 'claimed', 'used', 'active', 'deleted')`),
  ],
);

/** One row per scheduled job, so that several instances run each job once. */
export const jobRuns = pgTable('job_runs', {
  name: text().primaryKey(),
  /** no instance may start a run before this: the claim of a run in progress, then the next run's due time */
  lockedUntil: timestamp({ withTimezone: true }),
  /** when the last run changed something (the stats job: derived figures) */
  lastRunAt: timestamp({ withTimezone: true }),
  lastResult: text(),
  /** when the last (or current) run started; the next is due one interval later */
  lastStartedAt: timestamp({ withTimezone: true }),
  /** which instance (host:pid) ran it */
  lastRunBy: text(),
});
