// Reading watch lists (spec 2 §1–§5, contract "Watch lists and activity", docs/decisions/020): a
// member's entry for one drama with its viewing cycles and history, their four lists, and one list
// by its id, each readable as their lists are (list-access.ts). The writes are in list-entries.ts.
import { sql } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { LIST_MESSAGES, LIST_NAMES, LIST_STATUSES, listIdOf, readListId, type ListStatus } from '../../../lists/watch-lists.ts';
import { queryRows } from '../../db/named-query.ts';
import type { Executor } from '../../db/transactions.ts';
import { NotFoundError } from '../../errors.ts';
import { DRAMA_NOT_FOUND } from '../dramas/dramas.ts';
import { assertListsReadable } from './list-access.ts';

/** how many history items an entry answers (newest first) */
export const HISTORY_LIMIT = 200;

export type ActivityKind = 'added' | 'updated' | 'rewatch';

/** The drama as an entry shows it: the card's facts and image fields. */
export interface EntryDrama {
  id: number;
  title: string;
  episodes: number | null;
  year: number | null;
  type: string;
  country: string;
  rating: number;
  bannerImage: string | null;
  posterImage: string | null;
  mainPhoto: string | null;
  thumbnail: string | null;
  firstPhoto: string | null;
}

export interface Entry {
  dramaId: number;
  drama: EntryDrama;
  status: ListStatus;
  score: number | null;
  progress: number | null;
  notes: string | null;
  rewatchCount: number;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Cycle {
  cycle: number;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface HistoryItem {
  id: number;
  kind: ActivityKind;
  cycle: number;
  status: ListStatus;
  score: number | null;
  progress: number | null;
  previousStatus: ListStatus | null;
  previousScore: number | null;
  previousProgress: number | null;
  at: Date;
}

/** An entry with its viewing cycles (earlier ones, then the current) and its history. */
export interface EntryDetail extends Entry {
  cycles: Cycle[];
  history: HistoryItem[];
}

export interface ListSummary {
  id: number;
  listType: ListStatus;
  name: string;
  dramas: Entry[];
}

/** The fields of an entry that a save compares and writes. */
export type EntryRow = Pick<Entry, 'status' | 'score' | 'progress' | 'notes' | 'rewatchCount' | 'startedAt' | 'finishedAt'>;

export const ENTRY_COLUMNS = sql`e.status, e.score, e.progress, e.notes, e.rewatch_count AS "rewatchCount",
  e.started_at::text AS "startedAt", e.finished_at::text AS "finishedAt"`;

/** NotFoundError ('Drama not found') for an id no drama can have. */
export const DRAMA_STORABLE = (dramaId: number) => {
  if (!isStorableId(dramaId)) throw new NotFoundError(DRAMA_NOT_FOUND);
};

/** The drama's episode count; NotFoundError when there is no such drama. */
export async function dramaEpisodes(tx: Executor, dramaId: number): Promise<number | null> {
  const [drama] = await queryRows<{ episodes: number | null }>(tx, sql`SELECT episodes FROM dramas WHERE id = ${dramaId}`);
  if (!drama) throw new NotFoundError(DRAMA_NOT_FOUND);
  return drama.episodes;
}

// ---- entries ----

/** The member's entry for the drama with its cycles and history; NotFoundError when none (or no drama). */
export async function getEntry(db: Executor, userId: number, dramaId: number): Promise<EntryDetail> {
  DRAMA_STORABLE(dramaId);
  const entry = await findEntryDetail(db, userId, dramaId);
  if (entry) return entry;
  await dramaEpisodes(db, dramaId); // 'Drama not found' for a drama that does not exist
  throw new NotFoundError(LIST_MESSAGES.noEntry);
}

/** The entry just written, for the answer of a save. */
export async function readEntryDetail(db: Executor, userId: number, dramaId: number): Promise<EntryDetail> {
  const entry = await findEntryDetail(db, userId, dramaId);
  if (!entry) throw new Error('a list entry just written cannot be read');
  return entry;
}

const DRAMA_COLUMNS = sql`d.title, d.episodes, d.year, d.type, d.country, d.rating, d.banner_image AS "bannerImage",
  d.poster_image AS "posterImage", d.main_photo AS "mainPhoto", d.thumbnail,
  (SELECT p.url FROM drama_photos p WHERE p.drama_id = d.id ORDER BY p.position, p.id LIMIT 1) AS "firstPhoto"`;

type EntryJoinRow = EntryRow & Omit<EntryDrama, 'id'> & { dramaId: number; createdAt: Date; updatedAt: Date };

function toEntry(row: EntryJoinRow): Entry {
  return {
    dramaId: row.dramaId,
    drama: {
      id: row.dramaId,
      title: row.title,
      episodes: row.episodes,
      year: row.year,
      type: row.type,
      country: row.country,
      rating: Number(row.rating),
      bannerImage: row.bannerImage,
      posterImage: row.posterImage,
      mainPhoto: row.mainPhoto,
      thumbnail: row.thumbnail,
      firstPhoto: row.firstPhoto,
    },
    status: row.status,
    score: row.score,
    progress: row.progress,
    notes: row.notes,
    rewatchCount: row.rewatchCount,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function findEntryDetail(db: Executor, userId: number, dramaId: number): Promise<EntryDetail | undefined> {
  const [row] = await queryRows<EntryJoinRow>(db, sql`
    SELECT e.drama_id AS "dramaId", ${ENTRY_COLUMNS}, e.created_at AS "createdAt", e.updated_at AS "updatedAt", ${DRAMA_COLUMNS}
    FROM list_entries e JOIN dramas d ON d.id = e.drama_id
    WHERE e.user_id = ${userId} AND e.drama_id = ${dramaId}`);
  if (!row) return undefined;
  const entry = toEntry(row);
  const past = await queryRows<Cycle>(db, sql`
    SELECT cycle, started_at::text AS "startedAt", finished_at::text AS "finishedAt"
    FROM list_entry_cycles WHERE user_id = ${userId} AND drama_id = ${dramaId} ORDER BY cycle`);
  const history = await queryRows<HistoryItem>(db, sql`
    SELECT id, kind, cycle, new_status AS status, score, progress, previous_status AS "previousStatus",
      previous_score AS "previousScore", previous_progress AS "previousProgress", created_at AS at
    FROM activities WHERE user_id = ${userId} AND drama_id = ${dramaId}
    ORDER BY created_at DESC, id DESC LIMIT ${HISTORY_LIMIT}`);
  const current: Cycle = { cycle: entry.rewatchCount + 1, startedAt: entry.startedAt, finishedAt: entry.finishedAt };
  return { ...entry, cycles: [...past, current], history };
}

// ---- lists ----

/** Every entry of the member (optionally of one list), most recently changed first. */
async function entriesOf(db: Executor, ownerId: number, type?: ListStatus): Promise<Entry[]> {
  const rows = await queryRows<EntryJoinRow>(db, sql`
    SELECT e.drama_id AS "dramaId", ${ENTRY_COLUMNS}, e.created_at AS "createdAt", e.updated_at AS "updatedAt", ${DRAMA_COLUMNS}
    FROM list_entries e JOIN dramas d ON d.id = e.drama_id
    WHERE e.user_id = ${ownerId} ${type ? sql`AND e.status = ${type}` : sql``}
    ORDER BY e.updated_at DESC, e.drama_id`);
  return rows.map(toEntry);
}

/** The member's four lists, always all four, in LIST_STATUSES order (GET /lists/me, /users/{id}/lists). */
export async function listSummaries(db: Executor, ownerId: number, viewerId: number | undefined): Promise<ListSummary[]> {
  await assertListsReadable(db, ownerId, viewerId);
  const entries = await entriesOf(db, ownerId);
  return LIST_STATUSES.map((type) => ({
    id: listIdOf(ownerId, type),
    listType: type,
    name: LIST_NAMES[type],
    dramas: entries.filter((e) => e.status === type),
  }));
}

/** One list by its id (GET /lists/{id}), with its owner. */
export async function getList(
  db: Executor, listId: number, viewerId: number | undefined,
): Promise<ListSummary & { owner: { id: number; username: string } }> {
  const { ownerId, type } = readListId(listId);
  if (!Number.isSafeInteger(listId) || !isStorableId(ownerId)) throw new NotFoundError(LIST_MESSAGES.listNotFound);
  const [owner] = await queryRows<{ id: number; username: string }>(db, sql`SELECT id, username FROM users WHERE id = ${ownerId}`);
  if (!owner) throw new NotFoundError(LIST_MESSAGES.listNotFound);
  await assertListsReadable(db, ownerId, viewerId);
  return { id: listId, listType: type, name: LIST_NAMES[type], dramas: await entriesOf(db, ownerId, type), owner };
}

