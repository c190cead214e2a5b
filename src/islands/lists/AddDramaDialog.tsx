import { useId, useRef, useState, type FormEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import { listDramas } from '../../lib/api/operations/dramas.ts';
import type { DramaCard, ListEntry, ListStatus, ListSummary } from '../../lib/api/wire/index.ts';
import { cardFromWire, formatEpisodes, formatYear } from '../../lib/dramas/drama-card.ts';
import { statusOf } from '../../lib/lists/watch-list-page.ts';
import { useRead } from '../shared/data-layer/use-read.ts';
import { session } from '../shared/data-layer/session.ts';
import { PosterImage } from '../shared/DramaCard.tsx';
import { ModalDialog, useSettledText } from '../shared/ModalDialog.tsx';
import type { WatchListNamespaces } from './list-parts.tsx';
import { entryForm, entrySave, saveListStatus } from './MemberWatchStatus.tsx';
import { StatusOptions } from './WatchStatusDialog.tsx';

/** how long typing pauses before the catalogue is asked */
const SEARCH_PAUSE_MS = 300;
/** results asked for (spec 2 §9: search dialogs show 10) */
const RESULTS = 10;

interface AddDramaProps {
  /** the member's lists: a drama already on one says so */
  lists: ListSummary[];
  /** the status chosen at first (the tab's, or Plan to Watch) */
  defaultStatus: ListStatus;
  onAdded(entry: ListEntry): void;
  onClose(): void;
  i18n: IslandMessages<WatchListNamespaces>;
}

const fieldClass =
  'block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-fg placeholder:text-fg-muted focus:border-accent focus:ring-2 focus:ring-accent-muted focus:outline-none';

/**
 * The owner's Add Drama dialog (issue 12, deliberate improvement 7): search the catalogue by title
 * (GET /dramas/?title=, the best 10), pick a drama and a status, Add → the entry is saved
 * (POST /lists/drama/{id}/status, 'Completed' counting every episode as the status dialog does) and
 * shows in the list. A drama already on a list says which and cannot be added twice (its card's
 * Edit changes it). A native modal <dialog>: Escape closes it and the opener gets the focus back.
 */
export default function AddDramaDialog({ lists, defaultStatus, onAdded, onClose, i18n }: AddDramaProps) {
  const t = islandTranslator(i18n);
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<DramaCard | null>(null);
  const [status, setStatus] = useState<ListStatus>(defaultStatus);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // the catalogue is asked once typing pauses
  const query = useSettledText(text, SEARCH_PAUSE_MS);

  const answer = useRead(query ? listDramas({ title: query, size: RESULTS }) : null);
  const results = query ? (answer.data?.items ?? []) : [];
  const close = () => dialog.current?.close();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!picked) {
      setProblem(t('watchList.add.pickDrama'));
      input.current?.focus();
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const form = entryForm(null, status, picked.episodes);
      const entry = await session.call(saveListStatus(picked.id, entrySave(form, form)));
      onAdded(entry);
      close();
    } catch (error) {
      setProblem(error instanceof ApiClientError && error.status !== 0 && error.status !== 401 && error.detail ? error.detail : t('watchList.add.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModalDialog
      dialogRef={dialog}
      title={t('watchList.add.title')}
      closeLabel={t('watchList.add.close')}
      onClose={onClose}
      onSubmit={submit}
      busy={saving}
      initialFocus={input}
      testId="add-drama-dialog"
      notice={
        problem && (
          <p role="alert" className="mx-5 mb-3 rounded-lg border border-danger-muted bg-danger-soft px-3 py-2 text-sm text-danger">
            {problem}
          </p>
        )
      }
      footer={
        <footer className="grid grid-cols-2 gap-3 border-t border-line px-5 py-4 sm:flex sm:justify-end">
          <button type="button" onClick={close} disabled={saving} className="rounded-lg px-4 py-2 text-sm font-semibold text-fg ring-1 ring-line-strong hover:bg-surface-subtle disabled:opacity-60">
            {t('watchList.add.cancel')}
          </button>
          <button type="submit" disabled={saving} className="rounded-lg bg-accent px-5 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:opacity-60">
            {saving ? t('watchList.add.saving') : t('watchList.add.save')}
          </button>
        </footer>
      }
    >
      <div>
        <label htmlFor={`${ids}-search`} className="mb-1 block text-sm font-medium text-fg">
          {t('watchList.add.search')}
        </label>
        <input
          ref={input}
          id={`${ids}-search`}
          type="search"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          placeholder={t('watchList.add.searchPlaceholder')}
          className={fieldClass}
        />
      </div>

      <fieldset className="min-w-0">
        <legend className="sr-only">{t('watchList.add.results')}</legend>
        {!query ? (
          <p className="text-sm text-fg-muted">{t('watchList.add.typeToSearch')}</p>
        ) : answer.error ? (
          <p role="alert" className="text-sm text-danger">
            {t('watchList.add.searchFailed')}
          </p>
        ) : !answer.data ? (
          <p role="status" className="text-sm text-fg-muted">
            {t('watchList.add.searching')}
          </p>
        ) : results.length === 0 ? (
          <p role="status" className="text-sm text-fg-muted">
            {t('watchList.add.noResults', { search: query })}
          </p>
        ) : (
          <ul className="space-y-1.5" data-testid="add-drama-results">
            {results.map((drama) => {
              const onList = statusOf(lists, drama.id);
              const card = cardFromWire(drama);
              const episodes = formatEpisodes(drama.episodes, t);
              const chosen = picked?.id === drama.id;
              return (
                <li key={drama.id}>
                  <label
                    className={`flex items-center gap-3 rounded-lg p-2 ring-1 ${
                      onList ? 'cursor-not-allowed opacity-70 ring-line' : chosen ? 'cursor-pointer bg-accent-soft ring-accent' : 'cursor-pointer ring-line hover:bg-surface-subtle'
                    }`}
                  >
                    <input
                      type="radio"
                      name={`${ids}-drama`}
                      value={drama.id}
                      checked={chosen}
                      disabled={!!onList}
                      onChange={() => {
                        setPicked(drama);
                        setProblem(null);
                      }}
                      className="size-4 shrink-0 accent-accent"
                    />
                    <span aria-hidden="true" className="relative h-14 w-10 shrink-0 overflow-hidden rounded bg-surface-strong">
                      <PosterImage drama={card} t={t} small />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-fg">{drama.title}</span>
                      <span className="block text-xs text-fg-muted">
                        {[formatYear(drama.year, t), drama.country, episodes].filter(Boolean).join(' · ')}
                      </span>
                      {onList && <span className="block text-xs font-medium text-fg-soft">{t('watchList.add.onList', { status: t(`watchStatus.statuses.${onList}`) })}</span>}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>

      <div>
        <label htmlFor={`${ids}-status`} className="mb-1 block text-sm font-medium text-fg">
          {t('watchList.add.status')}
        </label>
        <select id={`${ids}-status`} value={status} onChange={(e) => setStatus(e.target.value as ListStatus)} className={fieldClass}>
          <StatusOptions t={t} />
        </select>
      </div>
    </ModalDialog>
  );
}
