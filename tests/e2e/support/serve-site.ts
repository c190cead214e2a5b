// The site as the browser tests see it: `npm start` on a fresh database (PostgreSQL with
// TEST_DATABASE_URL, else embedded: support/ports.ts), with a real SMTP mailbox and a real OpenID
// Connect provider (standing in for Google) in the same process. What the mailbox receives is
// readable at http://127.0.0.1:$E2E_MAIL_PORT/messages.
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { startMailbox } from '../../helpers/mailbox.ts';
import { startOidcProvider } from '../../helpers/oidc-provider.ts';
import { SITE_DATABASE_URL } from './ports.ts';

if (SITE_DATABASE_URL) {
  // a database of its own, made afresh (the embedded one's folder is removed before each run)
  const name = new URL(SITE_DATABASE_URL).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  process.env.DATABASE_URL = SITE_DATABASE_URL;
}

const publicUrl = process.env.PUBLIC_URL!;
const mailbox = await startMailbox(); // sets SMTP_URL
const provider = await startOidcProvider({
  clientId: 'dramalist-e2e',
  clientSecret: 'e2e-provider-secret',
  redirectUri: `${publicUrl}/api/v1/auth/google/callback`,
});
provider.addIdentity('google-e2e-1', { email: 'seo.yeon@gmail.test', email_verified: true, name: 'Seo Yeon' });
provider.addIdentity('google-e2e-2', { email: 'tae.oh@gmail.test', email_verified: true, name: 'Tae Oh' });
process.env.GOOGLE_CLIENT_ID = 'dramalist-e2e';
process.env.GOOGLE_CLIENT_SECRET = 'e2e-provider-secret';
process.env.GOOGLE_ISSUER = provider.issuer;

http
  .createServer((req, res) => {
    const messages = mailbox.messages.map((m) => ({ to: m.envelopeTo, subject: m.subject, text: m.text, html: m.html }));
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(messages));
  })
  .listen(Number(process.env.E2E_MAIL_PORT), '127.0.0.1');

const { reloadEnv, env } = await import('../../../src/lib/server/env.ts');
reloadEnv();
if (SITE_DATABASE_URL) {
  // `npm start` seeds only the embedded default by itself (SEED_DEMO=1 would also reach the build's
  // production child, which refuses it): seed the demo as `npm run seed` does, then start
  const { openDatabase } = await import('../../../src/lib/server/db/client.ts');
  const { migrateDatabase } = await import('../../../src/lib/server/db/migrate.ts');
  const { seedIfEmpty } = await import('../../../src/lib/server/seed/index.ts');
  const { db } = await openDatabase();
  await migrateDatabase(db);
  await seedIfEmpty(db, { mediaDir: path.join(env().dataDir, 'media'), log: (m) => console.log(`» ${m}`) });
}
await import('../../../scripts/start-site.ts');
