/** Polls `condition` until it answers true (or a truthy value), or fails after `timeoutMs`. */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  { timeoutMs, intervalMs = 50, what }: { timeoutMs: number; intervalMs?: number; what: string },
): Promise<NonNullable<T>> {
  const deadline = performance.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (performance.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
