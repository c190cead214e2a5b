// The answer of GET /lists/me and GET /users/{id}/lists, kept per member by the version of their
// lists (docs/decisions/020, "Reading a long list").
//
// A member with 2,000 entries gets a 1 MB answer: reading it (2,000 entries with their dramas),
// mapping and encoding it costs tens of milliseconds of database and main-thread time, while the
// lists change far less often than they are read (the list page, the profile, another device).
// So each instance keeps the encoded answer of a member's lists beside the version it was computed
// at, and a read costs one small query (the privacy check, which also reads the version) instead:
//
// - Every write to a member's entries raises `users.lists_version` in its own transaction
//   (services/lists), whichever instance makes it; the version is read before the entries, so a
//   kept answer holds at least every change up to its version, and a newer version is never
//   answered from it. Nothing here needs to be shared between instances.
// - The entries carry their dramas' card fields: a catalogue change (catalogue-events) forgets
//   every kept answer on every instance and changes the ETag.
// - Privacy is checked on every read, before anything kept is used.
// - Answers carry `ETag` and `Cache-Control: private, no-cache`: a client that sends
//   `If-None-Match` with the current tag gets 304 and no body.
// - A request's `Cache-Control: no-cache` changes nothing: the kept answer is checked against the
//   version read from the database on every read, so it is as fresh as a recomputed one, and
//   honouring it let anyone recompute a public member's 1 MB answer at will (docs/decisions/031).
//   With NO_CACHE_INTERVAL_MS=0 it is answered from the database, and kept (the benchmark measures
//   that path this way).
// - Bounded in bytes (LIST_CACHE_MB, default 32; 0 keeps nothing), least recently used go first;
//   concurrent reads of one version share one computation.
import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { env } from '../../env.ts';
import { getDb } from '../../db/client.ts';
import { onCatalogueChange } from '../../services/catalogue/catalogue-events.ts';
import { readableListsVersion } from '../../services/lists/list-access.ts';
import { listSummaries } from '../../services/lists/list-reads.ts';
import { toListSummary } from './list-dto.ts';
import { wantsFresh } from '../public-cache.ts';

interface Kept {
  version: number;
  body: string;
}

/** bumped by each catalogue change: an ETag from before one no longer validates */
let catalogueGeneration = 0;
let store: LRUCache<number, Kept> | undefined;
let storeMb: number | undefined;
const computing = new Map<string, Promise<string>>();

onCatalogueChange(() => {
  catalogueGeneration++;
  store?.clear();
});

function keptAnswers(): LRUCache<number, Kept> | undefined {
  const mb = env().listCacheMb;
  if (mb !== storeMb) {
    storeMb = mb;
    store = mb > 0 ? new LRUCache<number, Kept>({ maxSize: mb * 1024 * 1024, sizeCalculation: (kept) => kept.body.length + 64 }) : undefined;
  }
  return store;
}

/** The encoded four summaries of the member's lists at `version` (kept, or computed and kept). */
function encodedLists(ownerId: number, viewerId: number | undefined, version: number, fresh: boolean): Promise<string> {
  const kept = keptAnswers()?.get(ownerId);
  if (!fresh && kept && kept.version === version) return Promise.resolve(kept.body);
  const key = `${ownerId}:${version}:${catalogueGeneration}`;
  const running = computing.get(key);
  if (running && !fresh) return running;
  const generation = catalogueGeneration;
  const computed = (async () => {
    const body = JSON.stringify((await listSummaries(await getDb(), ownerId, viewerId)).map(toListSummary));
    // keep it unless the catalogue changed meanwhile, and never over a newer version's answer
    const now = keptAnswers()?.get(ownerId);
    if (generation === catalogueGeneration && (!now || now.version <= version)) keptAnswers()?.set(ownerId, { version, body });
    return body;
  })();
  computing.set(key, computed);
  // forget it once settled, unless a fresher computation of the same key took its place meanwhile
  const forget = () => computing.get(key) === computed && computing.delete(key);
  computed.then(forget, forget);
  return computed;
}

/**
 * Answers the member's four lists: 403/404 as the privacy rules say, 304 when the client's ETag is
 * current, else the JSON (from memory when its version is current).
 */
export async function answerLists(c: Context, ownerId: number, viewerId: number | undefined): Promise<Response> {
  const version = await readableListsVersion(await getDb(), ownerId, viewerId);
  const etag = `W/"lists-${ownerId}-${version}-${catalogueGeneration}"`;
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache', Vary: 'Authorization' };
  const noCache = env().noCacheIntervalMs === 0 && wantsFresh(c.req.header('cache-control'), c.req.header('pragma'));
  // the version was just read from the database, so a matching tag is current even under no-cache
  // (which fetch() itself adds to any request carrying If-None-Match)
  if (c.req.header('if-none-match')?.split(/\s*,\s*/).includes(etag)) return c.body(null, 304, headers);
  const body = await encodedLists(ownerId, viewerId, version, noCache);
  return c.body(body, 200, { ...headers, 'Content-Type': 'application/json' });
}
