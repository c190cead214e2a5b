import { useCallback, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { formatDate } from '../../i18n/format.ts';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath, type Locale } from '../../i18n/locales.ts';
import * as api from '../../lib/api/operations/dramas.ts';
import type { DramaPage } from '../../lib/api/wire/index.ts';
import {
  CALENDAR_PAGE_SIZE,
  SEASONS,
  calendarSearch,
  readCalendarState,
  yearBounds,
  type CalendarState,
  type CalendarView,
  type Quarter,
} from '../../lib/calendar/calendar.ts';
import { paginationWindow } from '../../lib/ui/pagination.ts';
import { POSTER_GRID_CLASS } from '../../components/shared/poster-grid.ts';
import { AuthGuard } from '../accounts/AuthGuard.tsx';
import { useRead } from '../shared/data-layer/use-read.ts';
import { cardFromWire } from '../../lib/dramas/drama-card.ts';
import { DramaCard, DramaRow } from '../shared/DramaCard.tsx';
import type { Words } from '../shared/words.tsx';

type Messages = IslandMessages<'calendar' | 'calendarPage' | 'islandsShared' | 'dramaCard'>;
type T = Words<'calendar' | 'calendarPage' | 'dramaCard'>;

type Load = { status: 'loading' } | { status: 'error' } | { status: 'done'; data: DramaPage };

const currentYear = () => new Date().getFullYear();

/** 'First aired Jan 5, 2026', or 'Air date to be announced'. */
function airedLabel(t: T, locale: Locale, day: string | null): string {
  if (!day) return t('calendar.airDateTba');
  return t('calendar.firstAired', { date: formatDate(locale, day, 'medium') || day });
}

/** A season's words: its name and months in this language. */
const seasonWords = (t: T, quarter: Quarter) => ({
  quarter,
  name: t(`calendarPage.seasons.q${quarter}.name`),
  months: t(`calendarPage.seasons.q${quarter}.months`),
});

/** 'Q1 Winter/Spring (Jan-Mar)' */
const seasonLabel = (t: T, quarter: Quarter) => t('calendarPage.season', seasonWords(t, quarter));

/** The calendar's state, kept in the address: every change is a history entry, Back restores it. */
function useCalendarState() {
  const [state, setState] = useState<CalendarState>(() => readCalendarState(window.location.search, currentYear()));
  useEffect(() => {
    const onPop = () => setState(readCalendarState(window.location.search, currentYear()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = useCallback((next: CalendarState) => {
    window.history.pushState(null, '', `${window.location.pathname}${calendarSearch(next)}`);
    setState(next);
  }, []);
  return [state, go] as const;
}

/** The season's page of dramas (GET /dramas/seasons), through the data layer's cache. */
function useSeasonPage({ year, quarter, page }: CalendarState): Load {
  const answer = useRead(api.listSeasonDramas({ year, quarter, page, size: CALENDAR_PAGE_SIZE }));
  if (answer.data) return { status: 'done', data: answer.data };
  return answer.error ? { status: 'error' } : { status: 'loading' };
}

const pill = 'inline-flex items-center justify-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold transition-colors';
const pressed = (on: boolean) =>
  on ? 'bg-accent text-accent-fg shadow-sm hover:bg-accent-strong' : 'bg-surface text-fg ring-1 ring-line-strong hover:bg-surface-subtle';

function Skeleton({ view }: { view: CalendarView }) {
  return view === 'grid' ? (
    <ul aria-hidden="true" className={POSTER_GRID_CLASS} data-testid="calendar-skeleton">
      {Array.from({ length: CALENDAR_PAGE_SIZE }, (_, i) => (
        <li key={i}>
          <div className="skeleton aspect-[2/3] rounded-lg" />
          <div className="skeleton mt-2 h-4 w-4/5" />
          <div className="skeleton mt-1.5 h-3 w-1/2" />
        </li>
      ))}
    </ul>
  ) : (
    <ul aria-hidden="true" className="grid gap-3 md:grid-cols-2" data-testid="calendar-skeleton">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="skeleton h-[7.5rem] rounded-xl" />
      ))}
    </ul>
  );
}

/** Page links (current ± 2, first, last, ellipses) that change the calendar without reloading. */
function Pager({ state, pages, go, t, locale }: { state: CalendarState; pages: number; go: (s: CalendarState) => void; t: T; locale: Locale }) {
  const items = paginationWindow(state.page, pages, 2);
  if (items.length === 0) return null;
  const link = 'inline-flex min-w-9 items-center justify-center rounded-lg px-2.5 py-2 text-sm font-medium sm:min-w-10 sm:px-3';
  const to = (page: number) => ({ ...state, page });
  const follow = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(to(page));
    window.scrollTo({ top: 0 });
  };
  const pageLink = (page: number, children: ReactNode, extra: Record<string, string> = {}) => (
    <a key={`${page}-${String(children)}`} href={localePath(locale, `/calendar${calendarSearch(to(page))}`)} onClick={follow(page)} className={`${link} text-fg-soft hover:bg-surface-subtle`} {...extra}>
      {children}
    </a>
  );
  return (
    <nav aria-label={t('calendar.pagination')} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {state.page > 1 ? pageLink(state.page - 1, t('calendar.previous'), { rel: 'prev' }) : <span className={`${link} text-fg-faint`} aria-disabled="true">{t('calendar.previous')}</span>}
      {items.map((item, i) =>
        item === 'ellipsis' ? (
          <span key={`e${i}`} className={`${link} text-fg-muted`} aria-hidden="true">
            …
          </span>
        ) : item === state.page ? (
          <span key={item} aria-current="page" className={`${link} bg-accent text-accent-fg`}>
            {item}
          </span>
        ) : (
          pageLink(item, item)
        ),
      )}
      {state.page < pages ? pageLink(state.page + 1, t('calendar.next'), { rel: 'next' }) : <span className={`${link} text-fg-faint`} aria-disabled="true">{t('calendar.next')}</span>}
    </nav>
  );
}

function Results({ load, state, go, t, locale }: { load: Load; state: CalendarState; go: (s: CalendarState) => void; t: T; locale: Locale }) {
  if (load.status === 'loading') return <Skeleton view={state.view} />;
  if (load.status === 'error') {
    return (
      <div role="alert" className="mx-auto max-w-md rounded-xl border border-highlight-muted bg-highlight-soft p-6 text-center">
        <p className="font-medium text-highlight-strong">{t('calendarPage.loadError')}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-4 rounded-full bg-highlight px-5 py-2 text-sm font-semibold text-highlight-fg hover:bg-highlight-strong"
        >
          {t('calendar.tryAgain')}
        </button>
      </div>
    );
  }
  const { items, total, pages } = load.data;
  if (total === 0) {
    return (
      <p className="rounded-xl border border-line bg-surface p-8 text-center text-fg-muted" data-testid="calendar-empty">
        {state.quarter
          ? t('calendarPage.emptySeason', { season: seasonLabel(t, state.quarter), year: String(state.year) })
          : t('calendarPage.emptyYear', { year: String(state.year) })}
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <div className="rounded-xl border border-line bg-surface p-8 text-center" data-testid="calendar-empty">
        <p className="text-fg-soft">{t('calendar.emptyPage', { page: state.page })}</p>
        <button type="button" onClick={() => go({ ...state, page: 1 })} className={`${pill} ${pressed(true)} mt-4`}>
          {t('calendar.backToFirstPage')}
        </button>
      </div>
    );
  }
  return (
    <>
      {state.view === 'grid' ? (
        <ul className={POSTER_GRID_CLASS} data-testid="calendar-results" data-view="grid">
          {items.map((drama, i) => (
            <li key={drama.id}>
              <DramaCard drama={cardFromWire(drama)} eager={i < 8} t={t} href={(path) => localePath(locale, path)} />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="calendar-results" data-view="list">
          {items.map((drama) => (
            <li key={drama.id}>
              <DramaRow drama={cardFromWire(drama)} airedLabel={airedLabel(t, locale, drama.aired_start)} t={t} href={(path) => localePath(locale, path)} />
            </li>
          ))}
        </ul>
      )}
      <Pager state={state} pages={pages} go={go} t={t} locale={locale} />
    </>
  );
}

function CalendarScreen({ t, locale }: { t: T; locale: Locale }) {
  const [state, go] = useCalendarState();
  const load = useSeasonPage(state);
  const { min, max } = yearBounds(currentYear());
  const setYear = (year: number) => go({ ...state, year, page: 1 });
  const setQuarter = (quarter: Quarter | null) => go({ ...state, quarter, page: 1 });
  const setView = (view: CalendarView) => go({ ...state, view });
  const year = String(state.year);
  const scope = state.quarter ? t('calendar.scopeSeason', { season: seasonLabel(t, state.quarter), year }) : t('calendar.scopeYear', { year });

  return (
    <section className="container-page py-8 sm:py-10" aria-labelledby="calendar-heading">
      <h1 id="calendar-heading" className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
        <span aria-hidden="true" className="mr-2 inline-block h-6 w-1 rounded-full bg-highlight align-[-0.15em]"></span>
        {t('calendar.title')}
      </h1>
      <p className="mt-2 max-w-2xl text-fg-muted">{t('calendar.intro')}</p>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <div role="group" aria-label={t('calendar.yearGroup')} className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => setYear(state.year - 1)}
            disabled={state.year <= min}
            className={`${pill} ${pressed(false)} disabled:cursor-not-allowed disabled:opacity-50`}
          >
            <span aria-hidden="true">‹</span> <span className="sr-only">{t('calendar.previousYear')}</span> {state.year - 1}
          </button>
          <h2 className="min-w-20 text-center text-2xl font-bold text-fg" aria-live="polite" data-testid="calendar-year">
            {state.year}
          </h2>
          <button
            type="button"
            onClick={() => setYear(state.year + 1)}
            disabled={state.year >= max}
            className={`${pill} ${pressed(false)} disabled:cursor-not-allowed disabled:opacity-50`}
          >
            <span className="sr-only">{t('calendar.nextYear')}</span> {state.year + 1} <span aria-hidden="true">›</span>
          </button>
        </div>
        <div role="group" aria-label={t('calendar.viewGroup')} className="flex gap-2">
          {(['grid', 'list'] as const).map((view) => (
            <button key={view} type="button" aria-pressed={state.view === view} onClick={() => setView(view)} className={`${pill} ${pressed(state.view === view)}`}>
              {t(view === 'grid' ? 'calendar.grid' : 'calendar.list')}
            </button>
          ))}
        </div>
      </div>

      <div role="group" aria-label={t('calendar.seasonGroup')} className="mt-5 grid grid-cols-2 gap-2 lg:grid-cols-4">
        {SEASONS.map(({ quarter }) => {
          const season = seasonWords(t, quarter);
          const on = state.quarter === quarter;
          return (
            <button
              key={season.quarter}
              type="button"
              aria-pressed={on}
              onClick={() => setQuarter(on ? null : season.quarter)}
              className={`flex flex-col items-start rounded-xl px-4 py-3 text-left transition-colors ${pressed(on)}`}
            >
              <span className="text-sm font-bold">{t('calendar.seasonName', season)}</span>{' '}
              <span className={`text-xs ${on ? 'text-indigo-100' : 'text-fg-muted'}`}>{t('calendar.seasonMonths', season)}</span>
            </button>
          );
        })}
      </div>

      <div className="mt-5 mb-4 flex min-h-10 flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm text-fg-soft">
          <span className="font-semibold text-fg">{scope}</span>
          {load.status === 'done' && (
            <>
              <span aria-hidden="true"> · </span>
              <span role="status" data-testid="calendar-count">
                {t('calendarPage.found', { count: load.data.total })}
              </span>
            </>
          )}
        </p>
        {state.quarter && (
          <button type="button" onClick={() => setQuarter(null)} className="rounded-md text-sm font-semibold text-accent underline-offset-2 hover:underline">
            {t('calendar.clearFilter')}
          </button>
        )}
      </div>

      <Results load={load} state={state} go={go} t={t} locale={locale} />
    </section>
  );
}

/** /calendar (spec 1 §2.11, signed-in only): the dramas of a year or one of its seasons. */
export default function Calendar({ i18n }: { i18n: Messages }) {
  const t = islandTranslator(i18n);
  return <AuthGuard i18n={i18n}>{() => <CalendarScreen t={t} locale={i18n.locale} />}</AuthGuard>;
}
