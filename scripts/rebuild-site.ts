// npm run rebuild: the scheduled content refresh (docs/decisions/038, README "Deployment"). Builds
// the static pages and the search index from the database into a new build folder while the site
// serves, makes it current with one atomic switch of dist/current (as `npm run build`), then waits
// until every running instance on this host serves it (each looks at dist/current every second and
// switches between two requests, without a restart) and says so. Old builds are pruned.
import { buildSite } from '../src/lib/server/build/site-build.ts';
import { listLeases } from '../src/lib/server/build/builds.ts';
import { closeDatabase } from '../src/lib/server/db/client.ts';
import { env } from '../src/lib/server/env.ts';

/** How long the instances may take to switch before the command says which did not. */
const SWITCH_WAIT_MS = 30_000;

let failed = false;
try {
  const info = await buildSite();
  console.log(`» Rebuilt ${info.pages} pages and the search index (${info.searchIndex?.dramas ?? 0} dramas, ${info.searchIndex?.people ?? 0} people) in ${info.seconds.toFixed(1)} s.`);
  const distDir = env().distDir;
  const deadline = Date.now() + SWITCH_WAIT_MS;
  let behind = listLeases(distDir).filter((lease) => lease.build !== info.id);
  while (behind.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    behind = listLeases(distDir).filter((lease) => lease.build !== info.id);
  }
  const serving = listLeases(distDir).filter((lease) => lease.build === info.id).length;
  if (behind.length === 0) {
    console.log(`» Build ${info.id} is served by ${serving} running instance(s) of ${distDir}.`);
  } else {
    // an instance of other sources (a deploy not restarted yet) keeps its build: its log says why
    failed = true;
    console.error(
      `Build ${info.id} is current, but ${behind.length} instance(s) still serve an older build after ${SWITCH_WAIT_MS / 1000} s: ` +
        behind.map((lease) => `${lease.host}:${lease.pid} (${lease.build})`).join(', ') +
        '. Their logs say why (a build of other sources or settings needs a restart).',
    );
  }
} finally {
  await closeDatabase();
}
if (failed) process.exitCode = 1;
