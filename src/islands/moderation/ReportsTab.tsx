import { useEffect, useState } from 'react';
import { formatDate } from '../../i18n/format.ts';
import { islandTranslator } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import * as api from '../../lib/api/operations/moderation.ts';
import type { MemberModeration, ModerationReport } from '../../lib/api/wire/index.ts';
import { canActOnMember } from '../../lib/users/permissions.ts';
import { session } from '../shared/data-layer/session.ts';
import { Avatar } from '../shared/Avatar.tsx';
import { Alert, Spinner } from '../shared/form-ui.tsx';
import { RoleBadge } from '../shared/RoleBadge.tsx';
import { MemberActionForm, moderationProblem } from './MemberActionForm.tsx';
import type { ModerationTabProps } from './ModerationArea.tsx';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; items: ModerationReport[]; next: string | null; more: boolean };

const REASON_KEY = { spam: 'reasonSpam', harassment: 'reasonHarassment', spoiler: 'reasonSpoiler', hate: 'reasonHate', other: 'reasonOther' } as const;
const EXCERPT = 400;
const excerpt = (text: string) => ([...text].length > EXCERPT ? `${[...text].slice(0, EXCERPT).join('')}…` : text);
const button = 'rounded-lg px-3 py-1.5 text-sm font-semibold disabled:opacity-60';

/** Open reports, newest first, with what they are about; resolve: dismiss, remove, or remove and moderate the author. */
export function ReportsTab({ i18n, viewer }: ModerationTabProps) {
  const t = islandTranslator(i18n);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);

  const read = async (cursor: string | null) => {
    try {
      const page = await session.call(api.listReports('open', { cursor }));
      setLoad((now) => ({
        state: 'ready',
        items: cursor && now.state === 'ready' ? [...now.items, ...page.items.filter((r) => !now.items.some((i) => i.id === r.id))] : page.items,
        next: page.next_cursor,
        more: false,
      }));
    } catch {
      setLoad({ state: 'failed' });
    }
  };
  useEffect(() => void read(null), []);

  // resolving one report resolves every open report of the same thing
  const resolved = (report: ModerationReport) => {
    setNotice(t('moderation.reports.resolved'));
    setLoad((now) =>
      now.state === 'ready' ? { ...now, items: now.items.filter((r) => r.target_type !== report.target_type || r.target_id !== report.target_id) } : now,
    );
  };

  if (load.state === 'loading') return <Spinner label={t('moderation.reports.loading')} />;
  if (load.state === 'failed') {
    return (
      <div className="py-8 text-center">
        <p className="text-sm text-danger">{t('moderation.reports.failed')}</p>
        <button type="button" onClick={() => (setLoad({ state: 'loading' }), void read(null))} className="mt-3 text-sm font-semibold text-accent hover:underline">
          {t('moderation.reports.retry')}
        </button>
      </div>
    );
  }
  return (
    <section aria-labelledby="reports-heading">
      <h2 id="reports-heading" className="sr-only">
        {t('moderation.reports.heading')}
      </h2>
      {notice && <Alert tone="success">{notice}</Alert>}
      {load.items.length === 0 ? (
        <p className="py-10 text-center text-sm text-fg-muted">{t('moderation.reports.empty')}</p>
      ) : (
        <ul className="space-y-4" data-testid="report-list">
          {load.items.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} i18n={i18n} viewer={viewer} onResolved={resolved} />
            </li>
          ))}
        </ul>
      )}
      {load.next && (
        <div className="mt-6 text-center">
          <button
            type="button"
            disabled={load.more}
            onClick={() => (setLoad({ ...load, more: true }), void read(load.next))}
            className={`${button} border border-line-strong text-fg hover:bg-surface-subtle`}
          >
            {t('moderation.reports.more')}
          </button>
        </div>
      )}
    </section>
  );
}

function ReportCard({ report, i18n, viewer, onResolved }: ModerationTabProps & { report: ModerationReport; onResolved: (r: ModerationReport) => void }) {
  const t = islandTranslator(i18n);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [moderating, setModerating] = useState(false);
  const target = report.target;
  const author = target?.author;
  const mayActOnAuthor = !!author && canActOnMember(viewer, author);

  const resolve = async (action: 'dismiss' | 'remove', memberAction?: MemberModeration) => {
    setBusy(true);
    setError(null);
    try {
      await session.call(api.resolveReport(report.id, memberAction ? { action, member_action: memberAction } : { action }));
      onResolved(report);
    } catch (e) {
      setBusy(false);
      if (memberAction) throw e; // the form says why
      setError(moderationProblem(e, i18n, t('moderation.reports.resolveFailed')));
    }
  };

  return (
    <article data-testid="report" data-report-id={report.id} className="rounded-xl border border-line bg-surface p-4 shadow-card">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="rounded bg-surface-subtle px-2 py-0.5 text-xs font-semibold text-fg-soft">
          {t(report.target_type === 'comment' ? 'moderation.reports.comment' : 'moderation.reports.post')}
        </span>
        <span className="font-semibold text-fg">{t('moderation.reports.reason', { reason: t(`moderation.reports.${REASON_KEY[report.reason]}`) })}</span>
        <span className="text-fg-muted">
          {t('moderation.reports.reportedBy', { name: report.reporter.name, date: formatDate(i18n.locale, report.created_at, 'date-time') })}
        </span>
      </header>
      {report.note && <p className="mt-2 text-sm text-fg-soft">{t('moderation.reports.reporterNote', { note: report.note })}</p>}
      {target ? (
        <div className="mt-3 rounded-lg border border-line bg-surface-muted p-3">
          <div className="flex items-center gap-2 text-sm">
            <Avatar name={target.author.name} src={target.author.avatar} size={28} />
            <span className="font-medium text-fg">{t('moderation.reports.author', { name: target.author.name })}</span>
            <RoleBadge role={target.author.role} t={t} />
          </div>
          <blockquote className="mt-2 text-sm break-words whitespace-pre-wrap text-fg" data-testid="report-excerpt">
            {excerpt(target.content)}
          </blockquote>
          <a href={localePath(i18n.locale, target.url)} className="mt-2 inline-block text-sm font-medium text-accent hover:underline">
            {t('moderation.reports.view')}
          </a>
        </div>
      ) : (
        <p className="mt-3 text-sm text-fg-muted italic">{t('moderation.reports.gone')}</p>
      )}
      {error && (
        <div className="mt-3">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      {moderating && author ? (
        <div className="mt-4">
          <MemberActionForm
            i18n={i18n}
            name={author.name}
            suspendedUntil={null}
            submitLabel={t('moderation.reports.removeAndModerate')}
            onCancel={() => setModerating(false)}
            send={(body) => resolve('remove', body)}
            testId="report-member-action"
          />
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" disabled={busy} onClick={() => void resolve('dismiss')} className={`${button} border border-line-strong text-fg hover:bg-surface-subtle`}>
            {t('moderation.reports.dismiss')}
          </button>
          {target && (
            <button type="button" disabled={busy} onClick={() => void resolve('remove')} className={`${button} bg-danger text-surface hover:opacity-90`}>
              {t('moderation.reports.remove')}
            </button>
          )}
          {target && mayActOnAuthor && (
            <button type="button" disabled={busy} onClick={() => setModerating(true)} className={`${button} border border-danger text-danger hover:bg-danger-soft`}>
              {t('moderation.reports.removeAndModerate')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
