import path from 'node:path';

/** Where the browser tests find the site and its mailbox (see playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4510);
export const MAIL_PORT = E2E_PORT + 1;
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const MAIL_URL = `http://127.0.0.1:${MAIL_PORT}/messages`;
/** where the browser tests' site is built (apart from `npm start`'s dist/), and its static files */
export const E2E_DIST_DIR = '.tmp/e2e-dist';
export const CLIENT_DIR = path.resolve(E2E_DIST_DIR, 'current', 'client');
