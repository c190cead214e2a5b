import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import * as api from '../../lib/api/operations/people.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { $token, session } from '../shared/data-layer/session.ts';
import { HeartButton } from '../hearts/HeartButton.tsx';

const MemberHeart = lazy(() => import('../hearts/MemberHeart.tsx'));

interface Props {
  personId: number;
  /** the count the page was rendered with (a pre-rendered page's may be stale) */
  hearts: number;
  name: string;
  /** the page is a pre-rendered file: read the live count for signed-out visitors too */
  prerendered?: boolean;
  i18n: IslandMessages<'hearts'>;
}

/** A visitor's live count on a pre-rendered page (GET /people/{id}); null until read, or when it is not needed. */
function useLiveCount(personId: number, wanted: boolean): number | null {
  const [hearts, setHearts] = useState<number | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    // the rendered count stays when the live one cannot be read
    session.call(api.getPerson(personId), controller.signal).then((person) => setHearts(person.hearts), () => undefined);
    return () => controller.abort();
  }, [personId, wanted]);
  return hearts;
}

/**
 * The person page's actions (spec 1 §2.7, §6): the heart button with its count, and the place of
 * the edit button for signed-in members. Rendered client-only (it reads the stored token); the page
 * shows the rendered count until it runs, then the live one:
 * - a visitor: on a pre-rendered page, the count from GET /people/{id}; pressing the heart says
 *   'Please log in to give hearts to people' in an inline alert (not window.alert: it is announced,
 *   does not block the page, and carries a link to sign in);
 * - a member (a token is stored): MemberHeart, loaded then (the data layer's cached reads and
 *   toggle: a visitor's page does not carry them): the heart status, switched at once on a press and
 *   then on the server; a failure rolls back and says 'Failed to update heart. Please try again.',
 *   a stale button is read again. It stays after a sign-out on this page (it then asks to log in).
 */
export default function PersonActions({ personId, hearts: renderedHearts, name, prerendered = false, i18n }: Props) {
  const t = islandTranslator(i18n);
  const { locale } = i18n;
  const { state } = useAuth();
  const token = useStore($token);
  const member = useRef(false);
  if (token) member.current = true;
  const liveHearts = useLiveCount(personId, prerendered && !member.current);
  const [askedToLogIn, setAskedToLogIn] = useState(false);

  const editSlot = state === 'signed-in' && (
    // Place of the person edit button (spec 1 §2.7, §6: any signed-in member; admins and mods
    // update directly, others suggest). The edit dialog arrives with the edit-suggestions
    // issue: until then this element stays empty on purpose (no button that does nothing).
    <div data-testid="person-edit-slot" data-person-id={personId} />
  );
  if (member.current) {
    const loading = (
      <HeartButton name={name} hearts={renderedHearts} hasHearted={false} waiting onPress={() => undefined} failure={null} locale={locale} t={t}>
        {editSlot}
      </HeartButton>
    );
    return (
      <Suspense fallback={loading}>
        <MemberHeart personId={personId} name={name} hearts={renderedHearts} i18n={i18n}>
          {editSlot}
        </MemberHeart>
      </Suspense>
    );
  }
  return (
    <HeartButton
      name={name}
      hearts={liveHearts ?? renderedHearts}
      hasHearted={false}
      waiting={state === 'loading'}
      onPress={() => setAskedToLogIn(true)}
      failure={askedToLogIn ? { message: t('hearts.needsLogin'), signIn: true } : null}
      locale={locale}
      t={t}
    >
      {editSlot}
    </HeartButton>
  );
}
