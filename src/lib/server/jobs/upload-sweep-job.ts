// The upload sweep (docs/decisions/029): at start and then every 10 minutes (a ticket's lifetime),
// each instance removes what uploads left behind — temporary files of PUTs cut short, originals
// nothing can adopt any more (sweepStrayUploads) and uploads abandoned for a day or claimed by a save
// that died (sweepAbandonedUploads; the only sweep: requests do not sweep). Every step is idempotent, so several
// instances sweeping at once only repeat each other's work; no claim is needed.
import type { Executor } from '../db/transactions.ts';
import { isConnectionError } from '../db/connection-errors.ts';
import { logger } from '../logger.ts';
import { repeatAfterEachRun } from './repeat.ts';
import { sweepAbandonedUploads, sweepStrayUploads, UPLOAD_TTL_SECONDS } from '../services/uploads/uploads.ts';

/** One sweep: uploads abandoned for a day (rows marked deleted, their originals removed), then strays. */
export async function sweepUploads(db: Executor): Promise<{ abandoned: number; strays: number }> {
  let abandoned = 0;
  for (;;) {
    const swept = await sweepAbandonedUploads(db, 200);
    abandoned += swept;
    if (swept < 200) break;
  }
  return { abandoned, strays: await sweepStrayUploads(db) };
}

/** Sweeps now and every `intervalMs` (a ticket's lifetime by default); answers a stop function. */
export function scheduleUploadSweeps(db: Executor, intervalMs = UPLOAD_TTL_SECONDS * 1000): () => Promise<void> {
  let failures = 0;
  const sweep = () =>
    sweepUploads(db)
      .then((result) => {
        failures = 0;
        if (result.abandoned || result.strays) logger.info(result, 'upload sweep removed leftovers');
      })
      .catch((error: unknown) => {
        if (failures++ % 20 === 0) logger[isConnectionError(error) ? 'warn' : 'error']({ err: error }, 'upload sweep failed');
      });
  return repeatAfterEachRun(sweep, () => intervalMs);
}
