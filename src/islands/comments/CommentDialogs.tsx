import { useRef, useState, type FormEvent } from 'react';
import { createReport } from '../../lib/api/operations/reports.ts';
import type { ReportCreate } from '../../lib/api/wire/index.ts';
import { session } from '../shared/data-layer/session.ts';
import { ModalDialog } from '../shared/ModalDialog.tsx';
import type { Words } from '../shared/words.tsx';
import { problemOf } from './problems.ts';

const button = 'rounded-full px-4 py-1.5 text-sm font-semibold';
const footer = 'flex justify-end gap-2 border-t border-line px-5 py-3';

/** The delete confirmation (spec 2 §2, §4: deleting after confirmation), with the spec's words. */
export function DeleteDialog({ onDelete, onClose, t }: { onDelete(): Promise<string | null>; onClose(): void; t: Words<'comments'> }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    const failed = await onDelete();
    setBusy(false);
    if (failed === null) ref.current?.close();
    else setProblem(failed);
  }
  return (
    <ModalDialog
      dialogRef={ref}
      title={t('comments.delete.title')}
      closeLabel={t('comments.actions.close')}
      onClose={onClose}
      busy={busy}
      width="lg"
      testId="delete-comment-dialog"
      notice={problem ? <p role="alert" className="px-5 pb-3 text-sm text-danger">{problem}</p> : undefined}
      footer={
        <div className={footer}>
          <button type="button" onClick={() => ref.current?.close()} disabled={busy} className={`${button} text-fg-soft hover:bg-surface-subtle`}>
            {t('comments.actions.cancel')}
          </button>
          <button type="button" onClick={() => void confirm()} disabled={busy} className={`${button} bg-danger text-surface hover:opacity-90 disabled:opacity-50`}>
            {busy ? t('comments.delete.deleting') : t('comments.actions.delete')}
          </button>
        </div>
      }
    >
      <p className="text-sm text-fg-soft">{t('comments.delete.confirm')}</p>
    </ModalDialog>
  );
}

const REASONS: ReportCreate['reason'][] = ['spam', 'harassment', 'spoiler', 'hate', 'other'];

/** Report a comment (issue 20, beyond the spec): a reason from the short list, an optional note, a thank-you once sent. */
export function ReportDialog({ commentId, onClose, t }: { commentId: number; onClose(): void; t: Words<'comments'> }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<ReportCreate['reason'] | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await session.call(createReport({ target_type: 'comment', target_id: commentId, reason, ...(note.trim() ? { note: note.trim() } : {}) }));
      setSent(true);
    } catch (error) {
      setProblem(problemOf(error, t, 'a report') ?? t('comments.report.failed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <ModalDialog
      dialogRef={ref}
      title={t('comments.report.title')}
      closeLabel={t('comments.actions.close')}
      onClose={onClose}
      onSubmit={sent ? undefined : submit}
      busy={busy}
      width="lg"
      testId="report-comment-dialog"
      notice={problem ? <p role="alert" className="px-5 pb-3 text-sm text-danger">{problem}</p> : undefined}
      footer={
        <div className={footer}>
          {sent ? (
            <button type="button" onClick={() => ref.current?.close()} className={`${button} bg-accent text-accent-fg hover:bg-accent-strong`}>
              {t('comments.actions.close')}
            </button>
          ) : (
            <>
              <button type="button" onClick={() => ref.current?.close()} disabled={busy} className={`${button} text-fg-soft hover:bg-surface-subtle`}>
                {t('comments.actions.cancel')}
              </button>
              <button type="submit" disabled={!reason || busy} className={`${button} bg-accent text-accent-fg hover:bg-accent-strong disabled:opacity-50`}>
                {busy ? t('comments.report.sending') : t('comments.report.send')}
              </button>
            </>
          )}
        </div>
      }
    >
      {sent ? (
        <p role="status" className="text-sm text-success">
          {t('comments.report.sent')}
        </p>
      ) : (
        <>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-fg">{t('comments.report.reason')}</legend>
            <div className="space-y-1.5">
              {REASONS.map((r) => (
                <label key={r} className="flex items-center gap-2 text-sm text-fg-soft">
                  <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} className="size-4 accent-accent" />
                  {t(`comments.report.reasons.${r === 'other' ? 'otherReason' : r}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="block text-sm font-medium text-fg">
            {t('comments.report.note')}
            <textarea
              value={note}
              onChange={(e) => setNote(e.target.value)}
              rows={2}
              maxLength={500}
              className="mt-1 block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm font-normal text-fg"
            />
          </label>
        </>
      )}
    </ModalDialog>
  );
}
