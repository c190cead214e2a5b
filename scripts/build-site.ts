// npm run build: pre-renders the static pages from the database and builds the on-demand server.
import { buildSite } from '../src/lib/server/build/site-build.ts';
import { closeDatabase } from '../src/lib/server/db/client.ts';

try {
  const info = await buildSite();
  const search = info.searchIndex;
  if (search) {
    console.log(
      `Search index: ${search.dramas} dramas and ${search.people} people in ${search.seconds.toFixed(1)} s ` +
        `(${(search.bytes / 1_048_576).toFixed(1)} MB in ${search.files} files).`,
    );
  }
  console.log(`Built ${info.pages} pages in ${info.seconds.toFixed(1)} s.`);
} finally {
  await closeDatabase();
}
