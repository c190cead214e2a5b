import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { islandTranslator } from '../../i18n/island.ts';
import type { CurrentUser } from '../../lib/api/wire/index.ts';
import { Spinner } from '../shared/form-ui.tsx';
import type { ModerationWords } from './ModerationPage.tsx';
import { ReportsTab } from './ReportsTab.tsx';
import { MembersTab } from './MembersTab.tsx';

const SuggestionsTab = lazy(() => import('./tab-slots.tsx').then((m) => ({ default: m.SuggestionsTab })));
const HistoryTab = lazy(() => import('./tab-slots.tsx').then((m) => ({ default: m.HistoryTab })));

/** What every tab of the area gets. */
export interface ModerationTabProps {
  i18n: ModerationWords;
  viewer: CurrentUser;
}

const TABS = ['reports', 'members', 'suggestions', 'history'] as const;
type Tab = (typeof TABS)[number];

const tabFromHash = (): Tab => {
  const hash = window.location.hash.slice(1);
  return (TABS as readonly string[]).includes(hash) ? (hash as Tab) : 'reports';
};

/**
 * The moderation area of a mod or an admin (loaded by ModerationPage for them only): tabs for open
 * reports, members (look up, log, moderate), and the suggestions and history slots (tab-slots.tsx).
 * The tab is kept in the address's hash, so a link can open one.
 */
export default function ModerationArea({ i18n, viewer }: ModerationTabProps) {
  const t = islandTranslator(i18n);
  const [tab, setTab] = useState<Tab>(tabFromHash);
  const base = useId();
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    const follow = () => setTab(tabFromHash());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  const choose = (next: Tab, focus = false) => {
    setTab(next);
    window.history.replaceState(null, '', `#${next}`);
    if (focus) buttons.current[next]?.focus();
  };
  // the tabs pattern's keys: arrows move between tabs, Home and End to the first and the last
  const onKeyDown = (event: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(TABS[(to + TABS.length) % TABS.length]!, true);
  };

  return (
    <div data-testid="moderation-area">
      <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{t('moderation.title')}</h1>
      <p className="mt-1 text-sm text-fg-muted">{t('moderation.intro')}</p>
      <div role="tablist" aria-label={t('moderation.tabs.label')} onKeyDown={onKeyDown} className="mt-6 flex overflow-x-auto border-b border-line sm:gap-1">
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              buttons.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${base}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => choose(name)}
            className={`-mb-px flex-1 border-b-2 px-1 py-2.5 text-[13px] font-semibold whitespace-nowrap sm:flex-none sm:px-4 sm:text-sm ${
              tab === name ? 'border-accent text-accent' : 'border-transparent text-fg-muted hover:text-fg'
            }`}
          >
            {t(`moderation.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel-${tab}`} aria-labelledby={`${base}-tab-${tab}`} tabIndex={0} className="pt-6 focus-visible:outline-offset-4">
        {tab === 'reports' && <ReportsTab i18n={i18n} viewer={viewer} />}
        {tab === 'members' && <MembersTab i18n={i18n} viewer={viewer} />}
        <Suspense fallback={<Spinner label={t('moderation.gate.loading')} />}>
          {tab === 'suggestions' && <SuggestionsTab i18n={i18n} viewer={viewer} />}
          {tab === 'history' && <HistoryTab i18n={i18n} viewer={viewer} />}
        </Suspense>
      </div>
    </div>
  );
}
