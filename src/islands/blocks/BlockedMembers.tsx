import { useEffect, useId, useState } from 'react';
import { formatDate } from '../../i18n/format.ts';
import { localePath, type Locale } from '../../i18n/locales.ts';
import { listMyBlocks, unblockUser } from '../../lib/api/operations/blocks.ts';
import type { BlockedPage } from '../../lib/api/wire/index.ts';
import { profilePath } from '../../lib/profiles/profile-links.ts';
import { Avatar } from '../shared/Avatar.tsx';
import { session } from '../shared/data-layer/session.ts';
import { Spinner } from '../shared/form-ui.tsx';
import { RoleBadge } from '../shared/RoleBadge.tsx';
import type { Words } from '../shared/words.tsx';

/** a page of the list: the API's default (GET /users/me/blocks) */
export const BLOCKS_PAGE_SIZE = 20;

const button = 'rounded-full border border-line-strong px-3 py-1.5 text-xs font-semibold text-fg hover:bg-surface-subtle disabled:opacity-60';

/**
 * The member's own block list, a section of /profile/edit (beyond the spec; docs/decisions/035):
 * the members they blocked, the latest first (avatar, name linking to the profile, the day), each
 * with Unblock; 'You have not blocked anyone.' when there are none; 20 a page with Previous / Next.
 */
export function BlockedMembers({ t, locale }: { t: Words<'blockList' | 'islandsShared'>; locale: Locale }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // read afresh for each page and after each unblock (not from the page's cache: the list moves)
  const [version, setVersion] = useState(0);
  const [answer, setAnswer] = useState<{ data?: BlockedPage; error?: boolean; loading: boolean }>({ loading: true });
  useEffect(() => {
    let current = true;
    setAnswer((a) => ({ ...a, loading: true }));
    session.call(listMyBlocks(page, BLOCKS_PAGE_SIZE)).then(
      (data) => current && setAnswer({ data, loading: false }),
      () => current && setAnswer((a) => ({ ...a, error: true, loading: false })),
    );
    return () => {
      current = false;
    };
  }, [page, version]);
  const data = answer.data;
  const reload = () => setVersion((v) => v + 1);

  const unblock = async (id: number) => {
    setBusy(id);
    setFailure(null);
    try {
      await session.call(unblockUser(id));
      // the last one of a later page gone: the page before
      if (data && data.items.length === 1 && page > 1) setPage(page - 1);
      else reload();
    } catch {
      setFailure(t('blockList.failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="mx-auto mt-6 max-w-2xl rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6" data-testid="blocked-members">
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-fg">
        {t('blockList.title')}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t('blockList.intro')}</p>
      {failure && (
        <p role="alert" className="mt-3 rounded-lg border border-danger-muted bg-danger-soft px-3 py-2 text-sm text-danger">
          {failure}
        </p>
      )}
      {!data && answer.error ? (
        <p role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-danger">
          {t('blockList.loadFailed')}
          <button type="button" className={button} onClick={reload}>
            {t('blockList.retry')}
          </button>
        </p>
      ) : !data ? (
        <div className="mt-4">
          <Spinner label={t('blockList.loading')} />
        </div>
      ) : data.items.length === 0 ? (
        <p className="mt-4 text-fg-soft" data-blocks-empty>
          {t('blockList.empty')}
        </p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-line" aria-busy={answer.loading || undefined}>
            {data.items.map((m) => (
              <li key={m.id} className="flex items-start gap-3 py-3 sm:items-center" data-blocked-member={m.username}>
                <Avatar name={m.name} src={m.avatar} size={40} />
                {/* on a phone the button goes under the name, which keeps the width of the row */}
                <div className="flex min-w-0 flex-1 flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-3">
                  <div className="min-w-0 flex-1 self-stretch">
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <a href={localePath(locale, profilePath(m.username))} className="min-w-0 font-semibold wrap-anywhere text-fg hover:text-accent hover:underline">
                        {m.name}
                      </a>
                      <RoleBadge role={m.role} t={t} />
                    </p>
                    <p className="text-xs text-fg-muted">
                      <span className="wrap-anywhere">@{m.username}</span>
                      <span aria-hidden="true">{' · '}</span>
                      <span>{t('blockList.blockedOn', { date: formatDate(locale, m.blocked_at, 'medium') })}</span>
                    </p>
                  </div>
                  <button
                    type="button"
                    className={button}
                    disabled={busy !== null}
                    aria-label={t('blockList.unblockName', { name: m.name })}
                    onClick={() => void unblock(m.id)}
                    data-unblock={m.username}
                  >
                    {t('blockList.unblock')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          {data.pages > 1 && (
            <nav aria-label={t('blockList.pages')} className="mt-3 flex items-center justify-between gap-3 border-t border-line pt-3 text-sm">
              <button type="button" className={button} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('blockList.previous')}
              </button>
              <span className="text-fg-muted tabular-nums">{t('blockList.pageOf', { page: String(data.page), pages: String(data.pages) })}</span>
              <button type="button" className={button} disabled={page >= data.pages} onClick={() => setPage(page + 1)}>
                {t('blockList.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
