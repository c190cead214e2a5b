import { logger } from '../logger.ts';

const pending = new Set<Promise<void>>();

/**
 * Runs `work` without the caller waiting for it (e.g. the e-mail of a request, sent after its
 * answer, so the answer neither waits on SMTP nor tells by its timing what the work was).
 * Failures are logged. A graceful shutdown waits for it (settleBackgroundWork).
 */
export function runInBackground(what: string, work: () => Promise<void>): void {
  // Started on the next turn of the event loop, once the caller's answer is on its way.
  const task = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => logger.error({ err: error }, `${what} failed`))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/**
 * Waits for the background work under way (at most `timeoutMs`), e.g. before closing the database;
 * answers whether all of it finished (false: some was still running at the deadline).
 */
export async function settleBackgroundWork(timeoutMs = 10_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref();
  });
  while (pending.size > 0) {
    const settled = await Promise.race([Promise.allSettled([...pending]).then(() => true), timeout.then(() => false)]);
    if (!settled) {
      logger.warn({ tasks: pending.size }, 'background work still running at shutdown');
      break;
    }
  }
  clearTimeout(timer);
  return pending.size === 0;
}
