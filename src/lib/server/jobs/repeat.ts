/**
 * Runs `task` now, then again `delayMs()` after each run settles (never two at once), until the
 * answered stop function is called; that resolves once a run under way has finished, so a graceful
 * stop closes the database after it, not under it. `task` handles its own errors. The timer does not
 * keep the process alive.
 */
export function repeatAfterEachRun(task: () => Promise<void>, delayMs: () => number): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;
  const tick = async () => {
    running = task();
    await running;
    running = undefined;
    if (stopped) return;
    timer = setTimeout(tick, delayMs());
    timer.unref();
  };
  void tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
