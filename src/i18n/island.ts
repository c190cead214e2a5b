import type { Catalogue, IslandMessages, Namespace } from './catalogue.ts';
import { createTranslator, type MessageTree, type Translator } from './translate.ts';

export type { IslandMessages } from './catalogue.ts';

/**
 * The translator of an island, over the namespaces its page passed in (islandMessages()). Only
 * types come from the catalogue: no language's words are bundled into the island.
 */
export function islandTranslator<N extends Namespace>(i18n: IslandMessages<N>): Translator<Pick<Catalogue, N>> {
  return createTranslator(i18n.locale, i18n.messages as unknown as MessageTree) as Translator<Pick<Catalogue, N>>;
}
