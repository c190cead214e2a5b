import { useId, useState, type FormEvent } from 'react';
import { islandTranslator } from '../../i18n/island.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import type { MemberModeration } from '../../lib/api/wire/index.ts';
import { checkModerationNote, checkSuspendUntil, MEMBER_CLEARABLE_FIELDS, MODERATION_NOTE_MAX_LENGTH, type ClearableField } from '../../lib/moderation/member-moderation-rules.ts';
import { Alert } from '../shared/form-ui.tsx';
import type { ModerationWords } from './ModerationPage.tsx';

type Suspension = 'keep' | 'suspend' | 'lift';

/** Why a moderation call failed, in the page's words (English pages show the API's detail). */
export function moderationProblem(error: unknown, i18n: ModerationWords, fallback: string): string {
  if (error instanceof ApiClientError && error.detail && i18n.locale === 'en') return error.detail;
  if (error instanceof ApiClientError && error.status === 403) return islandTranslator(i18n)('moderation.members.staffNote');
  return fallback;
}

/**
 * The moderation form (contract "Moderating members"): fields to clear, a suspension set until a
 * date and time (the member's local time here, sent as an ISO date-time) or lifted, and the note
 * (required). Checked with the API's own rules before it is sent; `send` does the call.
 */
export function MemberActionForm({
  i18n,
  name,
  suspendedUntil,
  send,
  submitLabel,
  onCancel,
  testId = 'member-action-form',
}: {
  i18n: ModerationWords;
  name: string;
  /** the member's suspension now (null: none); lifting is offered only then */
  suspendedUntil: string | null;
  send: (body: MemberModeration) => Promise<void>;
  submitLabel?: string;
  onCancel?: () => void;
  testId?: string;
}) {
  const t = islandTranslator(i18n);
  const id = useId();
  const [clear, setClear] = useState<ClearableField[]>([]);
  const [suspension, setSuspension] = useState<Suspension>('keep');
  const [until, setUntil] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const toggle = (field: ClearableField) => setClear((list) => (list.includes(field) ? list.filter((f) => f !== field) : [...list, field]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(false);
    const body: MemberModeration = { note };
    if (clear.length > 0) body.clear = clear;
    if (suspension === 'lift') body.suspend_until = null;
    if (suspension === 'suspend') {
      if (!until) return setError(t('moderation.form.noDate'));
      const at = new Date(until);
      const checked = Number.isNaN(at.getTime()) ? { ok: false } : checkSuspendUntil(at.toISOString());
      if (!checked.ok) return setError(t('moderation.form.pastDate'));
      body.suspend_until = at.toISOString();
    }
    if (body.clear === undefined && body.suspend_until === undefined) return setError(t('moderation.form.nothing'));
    if (!checkModerationNote(note).ok) return setError(t('moderation.form.noteRequired'));
    setBusy(true);
    try {
      await send(body);
      setDone(true);
      setClear([]);
      setSuspension('keep');
      setUntil('');
      setNote('');
    } catch (e) {
      setError(moderationProblem(e, i18n, t('moderation.form.failed')));
    } finally {
      setBusy(false);
    }
  };

  const box = 'rounded-lg border border-line p-3';
  return (
    <form onSubmit={submit} noValidate data-testid={testId} className="space-y-4 rounded-xl border border-line bg-surface-muted p-4">
      <h3 className="text-base font-semibold text-fg">{t('moderation.form.title', { name })}</h3>
      {error && <Alert tone="error">{error}</Alert>}
      {done && <Alert tone="success">{t('moderation.form.done')}</Alert>}
      <fieldset className={box}>
        <legend className="px-1 text-sm font-medium text-fg">{t('moderation.form.clear')}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {MEMBER_CLEARABLE_FIELDS.map((field) => (
            <label key={field} className="flex items-center gap-2 text-sm text-fg">
              <input type="checkbox" checked={clear.includes(field)} onChange={() => toggle(field)} className="size-4 accent-accent" />
              {t(`moderation.fields.${field}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={box}>
        <legend className="px-1 text-sm font-medium text-fg">{t('moderation.form.suspension')}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {(['keep', 'suspend', ...(suspendedUntil ? (['lift'] as const) : [])] as Suspension[]).map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm text-fg">
              <input type="radio" name={`${id}-suspension`} checked={suspension === choice} onChange={() => setSuspension(choice)} className="size-4 accent-accent" />
              {t(`moderation.form.${choice}`)}
            </label>
          ))}
        </div>
        {suspension === 'suspend' && (
          <div className="mt-3">
            <label htmlFor={`${id}-until`} className="mb-1 block text-sm font-medium text-fg">
              {t('moderation.form.until')}
            </label>
            <input
              id={`${id}-until`}
              type="datetime-local"
              value={until}
              onChange={(e) => setUntil(e.target.value)}
              className="w-full max-w-xs rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg"
            />
          </div>
        )}
      </fieldset>
      <div>
        <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-medium text-fg">
          {t('moderation.form.note')}
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={MODERATION_NOTE_MAX_LENGTH}
          rows={3}
          aria-describedby={`${id}-note-hint`}
          className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg"
        />
        <p id={`${id}-note-hint`} className="mt-1 text-xs text-fg-muted">
          {t('moderation.form.noteHint')}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:opacity-60">
          {busy ? t('moderation.form.busy') : (submitLabel ?? t('moderation.form.submit'))}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className="rounded-lg border border-line-strong px-4 py-2 text-sm font-semibold text-fg hover:bg-surface-subtle">
            {t('moderation.reports.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
