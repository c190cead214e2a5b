// "The catalogue changed": hearts, derived-figure refreshes and (later) edits announce it; per-process
// caches of public answers listen and forget what they hold, and the site server re-reads which
// pre-rendered pages are stale.
//
// Several instances each keep such caches, so an announcement also travels to the others
// (docs/decisions/014): on PostgreSQL, `catalogueChanged()` sends a NOTIFY on CHANNEL, and every
// instance that called `shareCatalogueChanges()` LISTENs on a connection of its own and announces
// what it hears to its own listeners. A member's heart answered by one instance is therefore shown
// by every instance at once (within a database round trip), not after the caches' time limit. The
// listening connection reconnects by itself after a restart or failover; after any reconnection it
// announces a change, because changes made while it was away were not heard.
//
// The embedded database (PGlite) is one site process (plus CLI commands): in-process announcements
// are all it needs, and LISTEN over its shared single session would not reach the right client.
import os from 'node:os';
import pg from 'pg';
import { logger } from '../../logger.ts';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Who this process is, in NOTIFY payloads and job_runs: host name and process id. */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}`;

/** The PostgreSQL channel announcements travel on. */
export const CATALOGUE_CHANNEL = 'dramalist_catalogue';

/** Calls `listener` after every change; answers a function that stops listening. */
export function onCatalogueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announceHere(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch (error) {
      logger.error({ err: error }, 'a catalogue change listener failed');
    }
  }
}

/** Tells the other instances (set while `shareCatalogueChanges` runs). */
let publish: (() => void) | undefined;

/** Announces a committed change of what the catalogue shows, here and to every other instance. */
export function catalogueChanged(): void {
  announceHere();
  publish?.();
}

export interface CatalogueChangeSharing {
  /** resolves once the listening connection is up (first time) */
  ready: Promise<void>;
  stop(): Promise<void>;
}

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;
const HEARTBEAT_MS = 10_000;

/**
 * Shares announcements with the other instances through PostgreSQL's LISTEN/NOTIFY: `pool` sends
 * them (one NOTIFY at a time; announcements made meanwhile are sent as one more), and a dedicated
 * connection opened with the pool's settings hears the others'.
 */
export function shareCatalogueChanges(pool: pg.Pool): CatalogueChangeSharing {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let failures = 0;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  // --- sending: coalesced, so a burst of hearts costs two NOTIFYs, not one per heart
  let sending = false;
  let pending = false;
  const send = () => {
    if (sending) {
      pending = true;
      return;
    }
    sending = true;
    pending = false;
    pool
      .query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, INSTANCE_ID])
      .catch((error: unknown) => logger.warn({ err: error }, 'could not tell the other instances about a catalogue change'))
      .finally(() => {
        sending = false;
        if (pending && !stopped) send();
      });
  };
  publish = send;

  // --- listening
  const lost = (from: pg.Client, error?: unknown) => {
    if (from !== client) return; // an older connection, already replaced
    client = undefined;
    clearInterval(heartbeat);
    from.removeAllListeners('notification');
    from.end().catch(() => {});
    if (stopped) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures++);
    if (failures === 1 || failures % 10 === 0) {
      logger.warn({ err: error, retryInMs: delay }, 'lost the catalogue change feed; reconnecting');
    }
    retryTimer = setTimeout(connect, delay);
    retryTimer.unref();
  };

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ ...(pool.options as pg.ClientConfig), application_name: 'dramalist-events' });
    client = next;
    // errors arrive as events too: never let one go unlistened (it would end the process)
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL && message.payload !== INSTANCE_ID) announceHere();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (client !== next) return;
    if (failures > 0) logger.info('catalogue change feed reconnected');
    failures = 0;
    // Changes committed while no connection listened were not heard: forget what is cached.
    announceHere();
    markReady();
    // A server that vanished without closing the connection (a failed-over host) is noticed here.
    heartbeat = setInterval(() => {
      const timeout = setTimeout(() => lost(next, new Error('heartbeat timed out')), HEARTBEAT_MS / 2);
      next.query('SELECT 1').then(
        () => clearTimeout(timeout),
        (error: unknown) => {
          clearTimeout(timeout);
          lost(next, error);
        },
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
  };

  void connect();
  return {
    ready,
    async stop() {
      stopped = true;
      if (publish === send) publish = undefined;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
