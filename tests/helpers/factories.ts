// Test factories: the rows tests need, made through the same schema and services as the app, with
// unique defaults so that tests never collide (in one database, or in the browser tests' shared one).
//
//   const member = await createMember({ role: 'mod' });       // verified, password 'Secret123'
//   const token = await signIn(server, member);               // over HTTP: POST /api/v1/auth/login (http.ts)
//   const fast = await tokenFor(member);                      // signed here, as the sign-in service does
//   const drama = await createDrama({ title: 'Crash Landing on You', genres: ['Romance'] });
//   const person = await createPerson({ name: 'Hyun Bin' });
//   await createCredit({ drama, person, roleName: 'Ri Jeong-hyeok' });
//   await giveHeart(member, person);
//
// Every factory writes to the process's database (`getDb()`: the one createTestDatabase() opened),
// or to `db` when given: a transaction, or another database (the browser tests' site).
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Role } from '../../src/lib/users/roles.ts';
import { hashPassword } from '../../src/lib/server/auth/password.ts';
import * as schema from '../../src/lib/server/db/schema/index.ts';
import type { Executor } from '../../src/lib/server/db/transactions.ts';
import { usernameSkeleton } from '../../src/lib/accounts/username-rules.ts';
import type { HeartState } from '../../src/lib/server/services/hearts/hearts.ts';

const { activities, comments, credits, dramaGenres, dramaPhotos, dramas, dramaTags, genres, listEntries, people, posts, tags, users } = schema;

/** Where a factory writes: a service executor (the pool or a transaction) or any drizzle database on the schema. */
export type FactoryDb = Executor | NodePgDatabase<typeof schema>;
interface On {
  /** where to write; the process's database (`getDb()`) by default */
  db?: FactoryDb;
}

// The server modules below are loaded when first used: the browser tests' helpers (tests/e2e/support)
// write rows with this module into the site's database, and need neither the pool nor the services.
async function target(on: On): Promise<Executor> {
  if (on.db) return on.db as Executor;
  const { getDb } = await import('../../src/lib/server/db/client.ts');
  return getDb();
}

let made = 0;
const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
/**
 * A suffix no other call (in this process or another) hands out: letters and digits only. The count
 * is decimal, so no two suffixes look alike either (base 36 would give `1` and `l`, which usernames
 * may not both be: docs/decisions/030).
 */
export function unique(): string {
  made++;
  return `${run}${made}`;
}

/** The password every member made by createMember has, unless told otherwise (meets the rules). */
export const DEFAULT_PASSWORD = 'Secret123';

// argon2 takes tens of milliseconds on purpose; members sharing a password share its hash.
const hashes = new Map<string, Promise<string>>();
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export type Member = typeof users.$inferSelect & {
  /** the password it signs in with ('' for an account made without one) */
  password: string;
};

export interface MemberOptions extends On {
  email?: string;
  username?: string;
  fullName?: string;
  bio?: string;
  role?: Role;
  /** false: the e-mail is not verified yet, so signing in answers 403 (default true) */
  verified?: boolean;
  /** default DEFAULT_PASSWORD; null for an account without a password (a social sign-in's) */
  password?: string | null;
  avatar?: string | null;
  coverPhoto?: string | null;
  /** watch lists, stats and activity for the member only (docs/decisions/020); default false */
  listsPrivate?: boolean;
}

/** A member (verified unless told otherwise) with a unique e-mail and username; answers the row and its password. */
export async function createMember(options: MemberOptions = {}): Promise<Member> {
  const db = await target(options);
  const id = unique();
  const password = options.password === undefined ? DEFAULT_PASSWORD : options.password;
  const username = options.username ?? `member${id}`;
  const [row] = await db
    .insert(users)
    .values({
      email: options.email ?? `member${id}@example.com`,
      username,
      // as the accounts service stores it (docs/decisions/030)
      usernameSkeleton: usernameSkeleton(username),
      fullName: options.fullName ?? `Member ${id}`,
      bio: options.bio ?? '',
      role: options.role ?? 'user',
      passwordHash: password === null ? null : await hashOf(password),
      emailVerifiedAt: options.verified === false ? null : new Date(),
      avatar: options.avatar ?? null,
      coverPhoto: options.coverPhoto ?? null,
      listsPrivate: options.listsPrivate ?? false,
    })
    .returning();
  return { ...row!, password: password ?? '' };
}

/** `count` members made alike (each with its own e-mail and username). */
export function createMembers(count: number, options: Omit<MemberOptions, 'email' | 'username'> = {}): Promise<Member[]> {
  return Promise.all(Array.from({ length: count }, () => createMember(options)));
}

/**
 * An access token for the member, issued here as the sign-in service issues it (no HTTP, no rate
 * limits, no password check): for tests about something else than signing in. A member whose role
 * or tokens changed since it was made needs `fresh: true` (its token version is read again).
 */
export async function tokenFor(member: Pick<Member, 'id' | 'role' | 'tokenVersion'>, options: On & { fresh?: boolean } = {}): Promise<string> {
  let { role, tokenVersion } = member;
  if (options.fresh) {
    const db = await target(options);
    [{ role, tokenVersion }] = (await db
      .select({ role: users.role, tokenVersion: users.tokenVersion })
      .from(users)
      .where(eq(users.id, member.id))) as [{ role: Role; tokenVersion: number }];
  }
  const { signAccessToken } = await import('../../src/lib/server/auth/access-tokens.ts');
  return signAccessToken({ userId: member.id, role, version: tokenVersion });
}

type DramaRow = typeof dramas.$inferSelect;
export interface DramaOptions extends On, Partial<Omit<typeof dramas.$inferInsert, 'id' | 'searchWords'>> {
  id?: number;
  /** genre names, made when missing */
  genres?: string[];
  /** tag names, made when missing */
  tags?: string[];
  /** photos: urls in this order, or with their own position */
  photos?: (string | { url: string; position: number; caption?: string })[];
}

/** A drama ('Drama <unique>', completed, South Korea, unless told otherwise), with its genres, tags and photos. */
export async function createDrama(options: DramaOptions = {}): Promise<DramaRow> {
  const { db: _db, genres: genreNames = [], tags: tagNames = [], photos = [], ...fields } = options;
  const db = await target(options);
  const [drama] = await db
    .insert(dramas)
    .values({ title: `Drama ${unique()}`, status: 'completed', country: 'South Korea', ...fields })
    .returning();
  for (const name of genreNames) {
    await db.insert(dramaGenres).values({ dramaId: drama!.id, genreId: await findOrCreate(db, genres, name) });
  }
  for (const name of tagNames) {
    await db.insert(dramaTags).values({ dramaId: drama!.id, tagId: await findOrCreate(db, tags, name) });
  }
  for (const [index, photo] of photos.entries()) {
    const { url, position, caption } = typeof photo === 'string' ? { url: photo, position: index, caption: undefined } : photo;
    await db.insert(dramaPhotos).values({ dramaId: drama!.id, url, position, caption });
  }
  return drama!;
}

/** The id of the genre or tag with this name (a tag's in any case: tags_name_lower_key), made when missing. */
async function findOrCreate(db: Executor, table: typeof genres | typeof tags, name: string): Promise<number> {
  const same = table === tags ? sql`lower(${tags.name}) = ${name.toLowerCase()}` : eq(table.name, name);
  const [existing] = await db.select({ id: table.id }).from(table).where(same);
  if (existing) return existing.id;
  const [made] = await db.insert(table).values({ name }).onConflictDoNothing().returning({ id: table.id });
  return made ? made.id : findOrCreate(db, table, name);
}

type PersonRow = typeof people.$inferSelect;
export interface PersonOptions extends On, Partial<Omit<typeof people.$inferInsert, 'id'>> {
  id?: number;
}

/** A person ('Person <unique>', nothing else known, unless told otherwise). */
export async function createPerson(options: PersonOptions = {}): Promise<PersonRow> {
  const { db: _db, ...fields } = options;
  const db = await target(options);
  const [person] = await db.insert(people).values({ name: `Person ${unique()}`, ...fields }).returning();
  return person!;
}

type Ref = number | { id: number };
const idOf = (ref: Ref) => (typeof ref === 'number' ? ref : ref.id);

export interface CreditOptions extends On {
  drama: Ref;
  person: Ref;
  /** default 'main' */
  roleType?: (typeof credits.$inferInsert)['roleType'];
  /** the character's name, or the job's */
  roleName?: string | null;
  position?: number;
}

/** A person's credit on a drama: a cast role (main by default) or a crew job. */
export async function createCredit(options: CreditOptions) {
  const db = await target(options);
  const [credit] = await db
    .insert(credits)
    .values({
      dramaId: idOf(options.drama),
      personId: idOf(options.person),
      roleType: options.roleType ?? 'main',
      roleName: options.roleName ?? null,
      position: options.position ?? 0,
    })
    .returning();
  return credit!;
}

/** The member's heart given to the person, through the hearts service (the counter moves with it). */
export async function giveHeart(member: Ref, person: Ref, on: On = {}): Promise<HeartState> {
  const { giveHeart: give } = await import('../../src/lib/server/services/hearts/hearts.ts');
  return give(await target(on), idOf(member), idOf(person));
}

export interface ListEntryOptions extends On {
  member: Ref;
  drama: Ref;
  /** default 'completed' */
  status?: (typeof listEntries.$inferInsert)['status'];
  score?: number | null;
  progress?: number | null;
  notes?: string | null;
  /** YYYY-MM-DD */
  startedAt?: string | null;
  finishedAt?: string | null;
  rewatchCount?: number;
  /** when it was added (the list page's Date Added); now by default */
  createdAt?: Date;
}

/**
 * A drama on a member's watch list (what the derived figures are computed from), written as a row:
 * no activity item. An entry with its history comes from the API (POST /lists/drama/{id}/status).
 */
export async function addToList(options: ListEntryOptions) {
  const db = await target(options);
  const [entry] = await db
    .insert(listEntries)
    .values({
      userId: idOf(options.member),
      dramaId: idOf(options.drama),
      status: options.status ?? 'completed',
      score: options.score ?? null,
      progress: options.progress ?? null,
      notes: options.notes ?? null,
      startedAt: options.startedAt ?? null,
      finishedAt: options.finishedAt ?? null,
      rewatchCount: options.rewatchCount ?? 0,
      ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
    })
    .returning();
  // as every write to a member's entries does (services/lists): answers kept by version see it
  await db.update(users).set({ listsVersion: sql`${users.listsVersion} + 1` }).where(eq(users.id, idOf(options.member)));
  return entry!;
}

export interface ActivityOptions extends On {
  member: Ref;
  drama: Ref;
  /** default 'watching' */
  status?: (typeof activities.$inferInsert)['newStatus'];
  /** default 'updated' ('added': the entry's first item, 'rewatch': a new viewing began) */
  kind?: (typeof activities.$inferInsert)['kind'];
  score?: number | null;
  progress?: number | null;
  previousStatus?: (typeof activities.$inferInsert)['previousStatus'];
  previousScore?: number | null;
  previousProgress?: number | null;
  cycle?: number;
  /** when it happened (default now): timelines that need old items */
  at?: Date;
}

/**
 * One item of a member's activity (their entry's history, docs/decisions/020) as it is stored, at
 * any time: for timelines. A real change with its entry is `saveEntry` of the lists service.
 */
export async function recordActivity(options: ActivityOptions) {
  const db = await target(options);
  const [item] = await db
    .insert(activities)
    .values({
      userId: idOf(options.member),
      dramaId: idOf(options.drama),
      kind: options.kind ?? 'updated',
      newStatus: options.status ?? 'watching',
      score: options.score ?? null,
      progress: options.progress ?? null,
      previousStatus: options.previousStatus ?? null,
      previousScore: options.previousScore ?? null,
      previousProgress: options.previousProgress ?? null,
      cycle: options.cycle ?? 1,
      ...(options.at && { createdAt: options.at }),
    })
    .returning();
  return item!;
}

export interface InsertCommentOptions extends On {
  author: Ref;
  /** on a drama's page, or (profile) on a member's profile: exactly one */
  drama?: Ref;
  profile?: Ref;
  /** a reply to this top-level comment (its replies_count moves with it) */
  parent?: Ref;
  content?: string;
  spoiler?: boolean;
}

/**
 * A comment (or a reply) written as a row, no service: for tests about something else than writing
 * comments (reports, blocks). A reply moves its parent's replies_count, as the comments service does.
 */
export async function insertComment(options: InsertCommentOptions) {
  const db = await target(options);
  let dramaId = options.drama === undefined ? null : idOf(options.drama);
  let profileUserId = options.profile === undefined ? null : idOf(options.profile);
  if (options.parent !== undefined) {
    const [parent] = await db.select().from(comments).where(eq(comments.id, idOf(options.parent)));
    ({ dramaId, profileUserId } = parent!);
    await db.update(comments).set({ repliesCount: sql`${comments.repliesCount} + 1` }).where(eq(comments.id, parent!.id));
  }
  const [comment] = await db
    .insert(comments)
    .values({
      userId: idOf(options.author),
      dramaId,
      profileUserId,
      parentId: options.parent === undefined ? null : idOf(options.parent),
      content: options.content ?? `Comment ${unique()}`,
      spoiler: options.spoiler ?? false,
    })
    .returning();
  return comment!;
}

export interface InsertPostOptions extends On {
  author: Ref;
  /** a reply (kind 'reply', the parent's replies_count moves) or a quote of this post */
  parent?: Ref;
  kind?: 'post' | 'reply' | 'quote';
  content?: string;
}

/** A feed post written as a row, no service: for tests about something else than the feed (reports). */
export async function insertPost(options: InsertPostOptions) {
  const db = await target(options);
  const kind = options.kind ?? (options.parent === undefined ? 'post' : 'reply');
  const parentId = options.parent === undefined ? null : idOf(options.parent);
  if (parentId !== null && kind === 'reply') await db.update(posts).set({ repliesCount: sql`${posts.repliesCount} + 1` }).where(eq(posts.id, parentId));
  const [post] = await db
    .insert(posts)
    .values({ authorId: idOf(options.author), kind, parentId, content: options.content ?? `Post ${unique()}` })
    .returning();
  return post!;
}
