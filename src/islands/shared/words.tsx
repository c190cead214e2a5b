import type { ReactNode } from 'react';
import type { Catalogue, Namespace } from '../../i18n/catalogue.ts';
import type { Translator } from '../../i18n/translate.ts';

export type { IslandMessages } from '../../i18n/island.ts';

/**
 * The translator of an island over the namespaces N its page passed in (islandTranslator()); the
 * type parts of an island that are handed the island's translator take.
 */
export type Words<N extends Namespace> = Translator<Pick<Catalogue, N>>;

/**
 * A message whose `{name}` is shown as a node (bold, a link): the message is looked up without
 * that parameter, so its placeholder is still in place, and the node goes there.
 */
export function withNode(message: string, name: string, node: ReactNode): ReactNode {
  const at = message.indexOf(`{${name}}`);
  if (at < 0) return message;
  return (
    <>
      {message.slice(0, at)}
      {node}
      {message.slice(at + name.length + 2)}
    </>
  );
}
