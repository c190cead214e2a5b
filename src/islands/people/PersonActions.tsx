import { lazy, useEffect, useState, type ReactNode } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import * as api from '../../lib/api/operations/people.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { session } from '../shared/data-layer/session.ts';
import { MemberGate } from '../accounts/use-auth.ts';
import type { Words } from '../shared/words.tsx';
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
  /** person edit's words: the edit button and its dialog are the members' part's (MemberHeart) */
  editI18n?: IslandMessages<'personEdit'>;
}

/**
 * A visitor's heart: the count, live on a pre-rendered page (GET /people/{id}; the rendered count
 * stays when it cannot be read); a press asks to log in, in an inline alert.
 */
function VisitorHeart({ personId, hearts, name, prerendered, waiting, t, locale, children }: VisitorHeartProps) {
  const [liveHearts, setLiveHearts] = useState<number | null>(null);
  const [askedToLogIn, setAskedToLogIn] = useState(false);
  useEffect(() => {
    if (!prerendered) return;
    const controller = new AbortController();
    session.call(api.getPerson(personId), controller.signal).then((person) => setLiveHearts(person.hearts), () => undefined);
    return () => controller.abort();
  }, [personId, prerendered]);
  return (
    <HeartButton
      name={name}
      hearts={liveHearts ?? hearts}
      hasHearted={false}
      waiting={waiting}
      onPress={() => setAskedToLogIn(true)}
      failure={askedToLogIn ? { message: t('hearts.needsLogin'), signIn: true } : null}
      locale={locale}
      t={t}
    >
      {children}
    </HeartButton>
  );
}

interface VisitorHeartProps {
  personId: number;
  hearts: number;
  name: string;
  prerendered: boolean;
  waiting: boolean;
  t: Words<'hearts'>;
  locale: Props['i18n']['locale'];
  children: ReactNode;
}

/**
 * The person page's actions (spec 1 §2.7, §6): the heart button with its count, and the place of
 * the edit button for signed-in members. Rendered client-only (it reads the stored token); the page
 * shows the rendered count until it runs, then the live one. Behind the member gate, as every
 * member-only part:
 * - a visitor: on a pre-rendered page, the count from GET /people/{id}; pressing the heart says
 *   'Please log in to give hearts to people' in an inline alert (not window.alert: it is announced,
 *   does not block the page, and carries a link to sign in);
 * - a member (a token is stored and not refused): MemberHeart, loaded then (the data layer's cached
 *   reads and toggle: a visitor's page does not carry them): the heart status, switched at once on a
 *   press and then on the server; a failure rolls back and says 'Failed to update heart. Please try
 *   again.', a stale button is read again. It stays after a sign-out on this page (it then asks to
 *   log in).
 */
export default function PersonActions({ personId, hearts, name, prerendered = false, i18n, editI18n }: Props) {
  const t = islandTranslator(i18n);
  const { locale } = i18n;
  const { state } = useAuth();
  const visitor = (
    <VisitorHeart personId={personId} hearts={hearts} name={name} prerendered={prerendered} waiting={state === 'loading'} t={t} locale={locale}>
      {null}
    </VisitorHeart>
  );
  const loading = <HeartButton name={name} hearts={hearts} hasHearted={false} waiting onPress={() => undefined} failure={null} locale={locale} t={t} />;
  // the member's part also holds the edit button (spec 1 §2.7, §6: any signed-in member; mods and
  // admins update at once, others suggest): islands/editing/PersonEditButton
  return (
    <MemberGate visitor={visitor} loading={loading}>
      <MemberHeart personId={personId} name={name} hearts={hearts} i18n={i18n} editI18n={editI18n} />
    </MemberGate>
  );
}
