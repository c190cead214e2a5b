import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import { editDrama, getDramaToEdit } from '../../lib/api/operations/editing.ts';
import type { Drama } from '../../lib/api/wire/index.ts';
import { EDIT_LIMITS } from '../../lib/catalogue-editing/edit-fields.ts';
import { dialogChanges, dialogFailure, dialogForm, DIALOG_STATUSES, DRAMA_TYPES, EDIT_SUCCESS_CLOSE_MS, type DialogForm } from '../../lib/catalogue-editing/edit-forms.ts';
import { session } from '../shared/data-layer/session.ts';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import type { Words } from '../shared/words.tsx';
import { fieldClass } from './field-class.ts';

type DialogWords = Words<'editDialog'>;

interface Props {
  dramaId: number;
  t: DialogWords;
  locale: Locale;
  onClose(): void;
}

/** The dialog's message for a failed save (spec 2 §8): a 4xx's detail as is on an English page. */
function failureWords(error: unknown, t: DialogWords, locale: Locale): string {
  const failure = dialogFailure(error instanceof ApiClientError ? error : null);
  if ('detail' in failure) return locale === 'en' ? failure.detail : t('editDialog.problems.failed');
  if (failure.key === 'invalid') return t('editDialog.problems.failed');
  return t(`editDialog.problems.${failure.key}`);
}

/**
 * The Edit Drama dialog of mods and admins (spec 1 §2.6; spec 2 §2, §4, §5, §8): closed, open,
 * saving, then 'Drama updated successfully!' that closes it after 2 s, or an error. The drama is read
 * afresh when it opens (a pre-rendered page may be older than the record); statuses AIRING,
 * COMPLETED, UPCOMING; types DRAMA, MOVIE, TV_SHOW, SPECIAL; title required, year 1900–2030, episodes
 * at least 1; only non-blank changed fields are sent (PUT /dramas/{id}). After a save the page's
 * title follows at once.
 */
export default function DramaEditDialog({ dramaId, t, locale, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const ids = useId();
  const [drama, setDrama] = useState<Drama | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [before, setBefore] = useState<DialogForm | null>(null);
  const [form, setForm] = useState<DialogForm | null>(null);
  const [problem, setProblem] = useState<{ field?: keyof DialogForm; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    session.call(getDramaToEdit(dramaId), controller.signal).then(
      (d) => {
        const values = dialogForm(d);
        setDrama(d);
        setBefore(values);
        setForm(values);
      },
      () => !controller.signal.aborted && setLoadFailed(true),
    );
    return () => controller.abort();
  }, [dramaId]);

  useEffect(() => {
    if (form && !saved) firstField.current?.focus();
  }, [form === null]);

  useEffect(() => {
    if (!saved) return;
    const wait = setTimeout(() => dialog.current?.close(), EDIT_SUCCESS_CLOSE_MS);
    return () => clearTimeout(wait);
  }, [saved]);

  const set = (key: keyof DialogForm) => (value: string) => {
    setForm((now) => (now ? { ...now, [key]: value } : now));
    if (problem) setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form || !before || !drama || saving || saved) return;
    const result = dialogChanges(before, form);
    if ('problem' in result) {
      const { field, problem: kind } = result.problem;
      const message =
        kind === 'noChanges'
          ? t('editDialog.problems.noChanges')
          : kind === 'required'
            ? t('editDialog.problems.titleRequired')
            : kind === 'tooLong'
              ? t('editDialog.problems.tooLong')
              : kind === 'year'
                ? t('editDialog.problems.year')
                : t('editDialog.problems.episodes');
      setProblem({ field: field === 'form' ? undefined : field, message });
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const answer = await session.call(editDrama(dramaId, result.body));
      const title = answer?.drama?.title ?? result.body.title;
      if (title) {
        const heading = document.getElementById('drama-title');
        if (heading) heading.textContent = title;
      }
      setSaved(true);
    } catch (error) {
      setProblem({ message: failureWords(error, t, locale) });
    } finally {
      setSaving(false);
    }
  };

  const label = (key: keyof DialogForm) => t(`editDialog.fields.${key}`);
  const input = (key: 'title' | 'year' | 'episodes' | 'country' | 'network', extra: { type?: string; min?: number; max?: number; ref?: typeof firstField; maxLength?: number } = {}) =>
    form && (
      <div className={key === 'title' ? 'sm:col-span-2' : undefined}>
        <label htmlFor={`${ids}-${key}`} className="mb-1 block text-sm font-medium text-fg">
          {label(key)}
          {key === 'title' && <span aria-hidden="true" className="text-danger"> *</span>}
        </label>
        <input
          id={`${ids}-${key}`}
          ref={extra.ref}
          name={key}
          type={extra.type ?? 'text'}
          inputMode={extra.type === 'number' ? 'numeric' : undefined}
          min={extra.min}
          max={extra.max}
          maxLength={extra.maxLength}
          required={key === 'title'}
          value={form[key]}
          aria-invalid={problem?.field === key || undefined}
          onChange={(e) => set(key)(e.target.value)}
          className={`${fieldClass} ${problem?.field === key ? 'border-danger' : ''}`}
        />
      </div>
    );
  const select = (key: 'status' | 'type', options: readonly string[]) =>
    form && (
      <div>
        <label htmlFor={`${ids}-${key}`} className="mb-1 block text-sm font-medium text-fg">
          {label(key)}
        </label>
        <select id={`${ids}-${key}`} name={key} value={form[key]} onChange={(e) => set(key)(e.target.value)} className={fieldClass}>
          {!form[key] && <option value="">{t('editDialog.fields.keep')}</option>}
          {options.map((value) => (
            <option key={value} value={value}>
              {key === 'status' ? t(`editDialog.statuses.${value as (typeof DIALOG_STATUSES)[number]}`) : t(`editDialog.types.${value as (typeof DRAMA_TYPES)[number]}`)}
            </option>
          ))}
        </select>
      </div>
    );

  return (
    <ModalDialog
      dialogRef={dialog}
      title={t('editDialog.title')}
      subtitle={drama?.title}
      closeLabel={t('editDialog.close')}
      onClose={onClose}
      onSubmit={submit}
      busy={saving}
      testId="drama-edit-dialog"
      notice={
        <div aria-live="polite" className="px-5 empty:hidden">
          {problem && (
            <p role="alert" className="mb-3 rounded-lg border border-danger-muted bg-danger-soft px-3 py-2 text-sm text-danger" data-testid="dialog-problem">
              {problem.message}
            </p>
          )}
          {saved && (
            <p role="status" className="mb-3 rounded-lg border border-success-muted bg-success-soft px-3 py-2 text-sm font-medium text-success" data-testid="dialog-saved">
              {t('editDialog.updated')}
            </p>
          )}
        </div>
      }
      footer={
        <div className="flex justify-end gap-3 border-t border-line px-5 py-4">
          <button type="button" onClick={() => dialog.current?.close()} disabled={saving} className="rounded-full px-4 py-2 text-sm font-semibold text-fg ring-1 ring-line-strong hover:bg-surface-subtle">
            {t('editDialog.cancel')}
          </button>
          <button
            type="submit"
            disabled={!form || saving || saved}
            className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60"
          >
            {saving ? t('editDialog.saving') : t('editDialog.save')}
          </button>
        </div>
      }
    >
      {!form ? (
        loadFailed ? (
          <p role="alert" className="text-sm text-danger">
            {t('editDialog.loadFailed')}
          </p>
        ) : (
          <p role="status" className="text-sm text-fg-muted">
            {t('editDialog.loading')}
          </p>
        )
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {input('title', { ref: firstField, maxLength: EDIT_LIMITS.title })}
          {input('year', { type: 'number', min: EDIT_LIMITS.year.min, max: EDIT_LIMITS.year.max })}
          {input('episodes', { type: 'number', min: 1 })}
          {select('status', DIALOG_STATUSES)}
          {select('type', DRAMA_TYPES)}
          {input('country')}
          {input('network')}
          <div className="sm:col-span-2">
            <label htmlFor={`${ids}-synopsis`} className="mb-1 block text-sm font-medium text-fg">
              {label('synopsis')}
            </label>
            <textarea id={`${ids}-synopsis`} name="synopsis" rows={5} value={form.synopsis} onChange={(e) => set('synopsis')(e.target.value)} className={fieldClass} />
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
