// npm run build: pre-renders the static pages from the database and builds the on-demand server.
import { buildSite } from '../src/lib/server/site-build.ts';
import { closeDatabase } from '../src/lib/server/db/client.ts';

try {
  const info = await buildSite();
  console.log(`Built ${info.pages} pages in ${info.seconds.toFixed(1)} s.`);
} finally {
  await closeDatabase();
}
