// "The catalogue changed" within this process: hearts, derived-figure refreshes and (later) edits
// announce it; per-process caches of public answers listen and forget what they hold. Other
// instances learn of a change only through their caches' time limits (api/public-cache.ts).

type Listener = () => void;
const listeners = new Set<Listener>();

/** Calls `listener` after every change; answers a function that stops listening. */
export function onCatalogueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Announces a committed change of what the catalogue shows. */
export function catalogueChanged(): void {
  for (const listener of listeners) listener();
}
