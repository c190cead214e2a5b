import { useStore } from '@nanostores/react';
import { useRef, useState, type ReactNode } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { createHeart } from './heart.ts';
import { HeartButton } from './HeartButton.tsx';
import PersonEditButton from '../editing/PersonEditButton.tsx';

interface Props {
  personId: number;
  name: string;
  /** the count shown until the member's status is read */
  hearts: number;
  children?: ReactNode;
  i18n: IslandMessages<'hearts'>;
  /** the person edit button's words (spec 1 §2.7): shown beside the heart for every signed-in member */
  editI18n?: IslandMessages<'personEdit'>;
}

/**
 * A member's heart (./heart.ts): the status read with the member's token, switched at once on a
 * press and then on the server. Loaded only when a token is stored, so a visitor's page carries none
 * of the data layer's cache (docs/decisions/017). Signed out meanwhile, a press asks to log in.
 */
export default function MemberHeart({ personId, name, hearts, children, i18n, editI18n }: Props) {
  const t = islandTranslator(i18n);
  const [heart] = useState(() => createHeart(personId, { failed: t('hearts.failed'), signedOut: t('hearts.needsLogin') }));
  const state = useStore(heart.$state);
  const { failure } = useStore(heart.$toggle);
  // signed out on this page (the status is no longer the member's): the last count known stays
  const last = useRef(hearts);
  if (state.data) last.current = state.data.hearts;
  return (
    <HeartButton
      name={name}
      hearts={last.current}
      hasHearted={state.data?.has_hearted ?? false}
      waiting={state.loading}
      onPress={() => void heart.toggle()}
      failure={failure}
      locale={i18n.locale}
      t={t}
    >
      {children}
      {editI18n && <PersonEditButton personId={personId} name={name} i18n={editI18n} />}
    </HeartButton>
  );
}
