import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatDate } from '../../i18n/format.ts';
import { localePath, type Locale } from '../../i18n/locales.ts';
import { loginUrlFor } from '../../lib/accounts/auth-redirect.ts';
import type { ListEntryDetail, ListEntrySave, ListStatus } from '../../lib/api/wire/index.ts';
import {
  checkEntryForm,
  entryForm,
  entrySave,
  historyLines,
  localDay,
  NOTES_MAX,
  progressMax,
  SCORES,
  STATUSES,
  stepProgress,
  withStatus,
  type EntryForm,
  type EntryProblem,
  type HistoryLine,
} from '../../lib/lists/watch-entry.ts';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import type { Words } from '../shared/words.tsx';
import type { WriteStatus } from './watch-status.ts';

/** how many changes the dialog lists (the newest); the rest are counted */
const HISTORY_SHOWN = 12;

export interface WatchStatusDialogProps {
  title: string;
  /** the status chosen in the control's menu */
  status: ListStatus;
  /** the member's entry, or null for a drama on none of their lists */
  entry: ListEntryDetail | null;
  episodes: number | null;
  write: WriteStatus;
  onSave(body: ListEntrySave): Promise<boolean>;
  onRemove(): Promise<boolean>;
  onRewatch(): Promise<boolean>;
  /** the member changed a field (a write's failure no longer applies) */
  onEdit(): void;
  /** the dialog closed (Escape, Cancel, Close, or after a save or a removal) */
  onClose(): void;
  locale: Locale;
  t: Words<'watchStatus'>;
}

const fieldClass =
  'block rounded-lg border border-line-strong bg-surface px-3 py-2 text-fg placeholder:text-fg-faint focus:border-accent focus:ring-2 focus:ring-accent-muted focus:outline-none aria-[invalid=true]:border-danger';
const inputClass = `${fieldClass} w-full`;
const labelClass = 'mb-1 block text-sm font-medium text-fg';
const secondaryButton = 'rounded-lg px-4 py-2 text-sm font-semibold text-fg ring-1 ring-line-strong hover:bg-surface-subtle disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The watch-status dialog (spec 2 "Watch-status dialog", §5; issue 12): status, score (10
 * Masterpiece … 1 Appalling, or none), episodes watched (bounded by the drama's episodes, with − and
 * +), notes (at most 2,000 characters, counted), the start and finish dates, prefilled from the entry;
 * Save; Remove from List after a confirmation; Rewatch for a completed entry; and the entry's history
 * (its viewings and each change with its time). A native modal <dialog>: the page behind it is
 * inert, Tab cycles inside it, Escape closes it, and the control gets the focus back (onClose).
 * A rule the form breaks is said before anything is sent; a write's failure says the server's
 * `detail`, else 'Failed to update watch status'.
 */
export function WatchStatusDialog(props: WatchStatusDialogProps) {
  const { title, status, entry, episodes, write, onSave, onRemove, onRewatch, onEdit, onClose, locale, t } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const firstField = useRef<HTMLSelectElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const [initial, setInitial] = useState<EntryForm>(() => entryForm(entry, entry?.status ?? status, episodes));
  const [form, setForm] = useState<EntryForm>(() => withStatus(initial, status, episodes));
  const [problem, setProblem] = useState<EntryProblem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = write.pending !== null;

  // a rewatch answered a new viewing: the form starts from it
  const cycle = entry?.rewatch_count;
  const lastCycle = useRef(cycle);
  useEffect(() => {
    if (cycle === lastCycle.current) return;
    lastCycle.current = cycle;
    if (!entry) return;
    const fresh = entryForm(entry, entry.status, episodes);
    setInitial(fresh);
    setForm(fresh);
  }, [cycle]);

  useEffect(() => {
    if (confirming) keepButton.current?.focus();
  }, [confirming]);

  const change = (patch: Partial<EntryForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(null);
    if (write.failure) onEdit();
  };

  const close = () => dialog.current?.close();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = checkEntryForm(form, initial, episodes);
    setProblem(found);
    if (found) {
      document.getElementById(`${ids}-${found.field}`)?.focus();
      return;
    }
    if (await onSave(entrySave(form, initial))) close();
  };

  const remove = async () => {
    if (await onRemove()) close();
    else setConfirming(false);
  };

  const problemText = problem ? problemMessage(problem, t) : null;
  const failure = write.failure;
  const errorId = `${ids}-error`;
  const invalid = (field: string) => problem?.field === field || failure?.field === field;
  const fieldProps = (field: string) => ({
    id: `${ids}-${field}`,
    'aria-invalid': invalid(field) || undefined,
    'aria-describedby': invalid(field) ? errorId : undefined,
  });
  const max = progressMax(episodes);
  const today = localDay();

  return (
    <ModalDialog
      dialogRef={dialog}
      title={t(entry ? 'watchStatus.dialog.editTitle' : 'watchStatus.dialog.addTitle')}
      subtitle={title}
      closeLabel={t('watchStatus.dialog.close')}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      initialFocus={firstField}
      testId="watch-status-dialog"
      notice={
        (problemText || failure) && (
          <div id={errorId} role="alert" className="mx-5 mb-3 rounded-lg border border-danger-muted bg-danger-soft px-3 py-2 text-sm text-danger">
            {problemText ?? failure?.message}
            {!problemText && failure?.signIn && (
              <>
                {' '}
                <a href={localePath(locale, loginUrlFor(typeof window === 'undefined' ? '/' : window.location.pathname))} className="font-semibold underline underline-offset-2">
                  {t('watchStatus.problems.logIn')}
                </a>
              </>
            )}
          </div>
        )
      }
      footer={
        <footer className="border-t border-line px-5 py-4">
          {confirming ? (
            <div className="flex flex-wrap items-center justify-end gap-3">
              <p className="mr-auto min-w-0 flex-1 basis-full text-sm text-fg sm:basis-auto">{t('watchStatus.dialog.removeQuestion', { title })}</p>
              <button ref={keepButton} type="button" onClick={() => { setConfirming(false); requestAnimationFrame(() => removeButton.current?.focus()); }} disabled={busy} className={secondaryButton}>
                {t('watchStatus.dialog.removeNo')}
              </button>
              <button type="button" onClick={() => void remove()} disabled={busy} className="rounded-lg bg-danger px-4 py-2 text-sm font-semibold text-surface hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60">
                {write.pending === 'remove' ? t('watchStatus.dialog.removing') : t('watchStatus.dialog.removeYes')}
              </button>
            </div>
          ) : (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              {entry && (
                <button ref={removeButton} type="button" onClick={() => setConfirming(true)} disabled={busy} className="-ml-2 self-start rounded-lg px-2 py-2 text-sm font-semibold text-danger hover:bg-danger-soft disabled:opacity-60 sm:self-auto">
                  {t('watchStatus.dialog.remove')}
                </button>
              )}
              <div className="grid grid-cols-2 gap-3 sm:ml-auto sm:flex">
                <button type="button" onClick={close} disabled={busy} className={secondaryButton}>
                  {t('watchStatus.dialog.cancel')}
                </button>
                <button type="submit" disabled={busy} className="rounded-lg bg-accent px-5 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60">
                  {write.pending === 'save' ? t('watchStatus.dialog.saving') : t('watchStatus.dialog.save')}
                </button>
              </div>
            </div>
          )}
        </footer>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-status`} className={labelClass}>
            {t('watchStatus.dialog.status')}
          </label>
          <select
            ref={firstField}
            {...fieldProps('status')}
            value={form.status}
            onChange={(e) => {
              const next = withStatus(form, e.target.value as ListStatus, episodes);
              change({ status: next.status, progress: next.progress });
            }}
            className={inputClass}
          >
            <StatusOptions t={t} />
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-score`} className={labelClass}>
            {t('watchStatus.dialog.score')}
          </label>
          <select {...fieldProps('score')} value={form.score} onChange={(e) => change({ score: e.target.value })} className={inputClass}>
            <option value="">{t('watchStatus.dialog.noScore')}</option>
            {SCORES.map((score) => (
              <option key={score} value={score}>
                {t('watchStatus.dialog.scoreOption', { score, label: t(`watchStatus.scores.${score}`) })}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div>
        <label htmlFor={`${ids}-progress`} className={labelClass}>
          {t('watchStatus.dialog.progress')}
        </label>
        <div className="flex items-center gap-2">
          <StepButton label={t('watchStatus.dialog.fewer')} controls={`${ids}-progress`} onPress={() => change({ progress: stepProgress(form.progress, -1, episodes) })}>
            <path d="M5 10h10" />
          </StepButton>
          <input
            {...fieldProps('progress')}
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            step={1}
            value={form.progress}
            onChange={(e) => change({ progress: e.target.value })}
            className={`${fieldClass} w-20 flex-none text-center`}
          />
          <StepButton label={t('watchStatus.dialog.more')} controls={`${ids}-progress`} onPress={() => change({ progress: stepProgress(form.progress, 1, episodes) })}>
            <path d="M5 10h10M10 5v10" />
          </StepButton>
          {episodes != null && <span className="text-sm text-fg-muted">{t('watchStatus.dialog.progressOf', { count: episodes })}</span>}
        </div>
      </div>

      <div>
        <label htmlFor={`${ids}-notes`} className={labelClass}>
          {t('watchStatus.dialog.notes')}
        </label>
        <textarea
          {...fieldProps('notes')}
          aria-describedby={invalid('notes') ? `${errorId} ${ids}-counter` : `${ids}-counter`}
          rows={3}
          maxLength={NOTES_MAX}
          value={form.notes}
          onChange={(e) => change({ notes: e.target.value })}
          className={`${inputClass} resize-y`}
        />
        <p id={`${ids}-counter`} className="mt-1 text-right text-xs text-fg-muted">
          {t('watchStatus.dialog.notesCounter', { count: form.notes.length, max: NOTES_MAX })}
        </p>
      </div>

      <fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${ids}-started_at`} className={labelClass}>
              {t('watchStatus.dialog.started')}
            </label>
            <input {...fieldProps('started_at')} type="date" max={today} value={form.startedAt} onChange={(e) => change({ startedAt: e.target.value })} className={inputClass} />
          </div>
          <div>
            <label htmlFor={`${ids}-finished_at`} className={labelClass}>
              {t('watchStatus.dialog.finished')}
            </label>
            <input {...fieldProps('finished_at')} type="date" max={today} value={form.finishedAt} onChange={(e) => change({ finishedAt: e.target.value })} className={inputClass} />
          </div>
        </div>
        <p className="mt-1 text-xs text-fg-muted">{t('watchStatus.dialog.datesHint')}</p>
      </fieldset>

      {entry?.status === 'completed' && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-surface-subtle px-3 py-2">
          <button type="button" onClick={() => void onRewatch()} disabled={busy} className={secondaryButton}>
            {write.pending === 'rewatch' ? t('watchStatus.dialog.rewatching') : t('watchStatus.dialog.rewatch')}
          </button>
          <p className="min-w-0 flex-1 text-xs text-fg-muted">{t('watchStatus.dialog.rewatchHint')}</p>
        </div>
      )}

      {entry && <EntryHistory entry={entry} locale={locale} t={t} />}
    </ModalDialog>
  );
}

function StepButton({ label, controls, onPress, children }: { label: string; controls: string; onPress(): void; children: ReactNode }) {
  return (
    <button type="button" aria-label={label} aria-controls={controls} onClick={onPress} className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-fg ring-1 ring-line-strong hover:bg-surface-subtle">
      <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" className="size-[18px]" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        {children}
      </svg>
    </button>
  );
}

/** A rule's message in the page's words. */
/** The six statuses as a <select>'s options, in the spec's order and the page's language. */
export function StatusOptions({ t }: { t: Words<'watchStatus'> }) {
  return STATUSES.map((s) => (
    <option key={s} value={s}>
      {t(`watchStatus.statuses.${s}`)}
    </option>
  ));
}

export function problemMessage(problem: EntryProblem, t: Words<'watchStatus'>): string {
  switch (problem.problem) {
    case 'progressOver':
      return t('watchStatus.problems.progressOver', { count: problem.count });
    case 'notes':
      return t('watchStatus.problems.notes', { max: problem.max });
    default:
      return t(`watchStatus.problems.${problem.problem}`);
  }
}

/** One history line in the page's words. */
export function historyText(line: HistoryLine, t: Words<'watchStatus'>): string {
  const none = t('watchStatus.history.none');
  const status = (s: ListStatus | null) => (s ? t(`watchStatus.statuses.${s}`) : none);
  switch (line.kind) {
    case 'added':
      return t('watchStatus.history.added', { status: status(line.status) });
    case 'rewatch':
      return t('watchStatus.history.rewatchStarted', { n: line.cycle });
    case 'status':
      return t('watchStatus.history.status', { from: status(line.from), to: status(line.to) });
    default:
      return t(`watchStatus.history.${line.kind}`, { from: line.from ?? none, to: line.to ?? none });
  }
}

/** The entry's viewings (when it was rewatched) and its changes, newest first, each with its time. */
function EntryHistory({ entry, locale, t }: { entry: ListEntryDetail; locale: Locale; t: Words<'watchStatus'> }) {
  const day = (value: string | null) => (value ? formatDate(locale, value, 'medium') : null);
  const shown = entry.history.slice(0, HISTORY_SHOWN);
  const more = entry.history.length - shown.length;
  return (
    <section aria-labelledby={`history-${entry.drama_id}`} className="border-t border-line pt-4" data-testid="watch-status-history">
      <h3 id={`history-${entry.drama_id}`} className="text-sm font-semibold text-fg">
        {t('watchStatus.history.heading')}
      </h3>
      {entry.rewatch_count > 0 && (
        <div className="mt-2">
          <p className="text-xs font-medium tracking-wide text-fg-muted uppercase">
            {t('watchStatus.history.viewings')} · {t('watchStatus.history.rewatched', { count: entry.rewatch_count })}
          </p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm" data-testid="watch-status-viewings">
            {entry.cycles.map((c, i) => {
              const ongoing = i === entry.cycles.length - 1;
              return (
                <div key={c.cycle} className="contents">
                  <dt className="text-fg-muted">{t('watchStatus.history.viewing', { n: c.cycle })}</dt>
                  <dd className="text-fg">
                    {t('watchStatus.history.viewingDates', {
                      start: day(c.started_at) ?? t('watchStatus.history.noDate'),
                      end: day(c.finished_at) ?? t(ongoing ? 'watchStatus.history.now' : 'watchStatus.history.noDate'),
                    })}
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      )}
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">{t('watchStatus.history.empty')}</p>
      ) : (
        <ol className="mt-2 space-y-1.5 text-sm" aria-label={t('watchStatus.history.changes')}>
          {shown.map((item) => (
            <li key={item.id} className="grid gap-x-3 sm:grid-cols-[12rem_1fr]">
              <time dateTime={item.timestamp} className="shrink-0 text-fg-muted tabular-nums">
                {formatDate(locale, item.timestamp, 'date-time')}
              </time>
              <span className="text-fg">{historyLines(item).map((line) => historyText(line, t)).join(' · ')}</span>
            </li>
          ))}
        </ol>
      )}
      {more > 0 && <p className="mt-1 text-xs text-fg-muted">{t('watchStatus.history.more', { count: more })}</p>}
    </section>
  );
}

