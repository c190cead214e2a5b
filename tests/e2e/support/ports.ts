import path from 'node:path';

/** Where the browser tests find the site and its mailbox (see playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4510);
export const MAIL_PORT = E2E_PORT + 1;
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const MAIL_URL = `http://127.0.0.1:${MAIL_PORT}/messages`;
/** where the browser tests' site is built (apart from `npm start`'s dist/), and its static files */
export const E2E_DIST_DIR = '.tmp/e2e-dist';
export const CLIENT_DIR = path.resolve(E2E_DIST_DIR, 'current', 'client');
/** the site's data folder (secrets, media, and the embedded database when there is no SITE_DATABASE_URL) */
export const E2E_DATA_DIR = '.tmp/e2e-data';
/** how many of the most popular dramas and people the browser tests' build pre-renders (500 by default) */
export const E2E_PRERENDER = 100;

/**
 * The site's database. With TEST_DATABASE_URL (CI sets it) a database of its own on that PostgreSQL
 * server, made afresh when the site starts: the browser tests' two workers then reach the site's
 * database side by side, where the embedded database runs one statement at a time for everyone.
 * Without it, the embedded PGlite in E2E_DATA_DIR (a newcomer's `npm test`); the PGlite smoke spec
 * covers the embedded database in CI (pglite-smoke.spec.ts).
 */
export const SITE_DATABASE_URL = (() => {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return undefined;
  const url = new URL(server);
  url.pathname = `/dramalist_e2e_${E2E_PORT}`;
  return url.toString();
})();
