import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { getPendingEdits } from '../../lib/api/operations/editing.ts';
import { canEditCatalogue } from '../../lib/users/permissions.ts';
import { session } from '../shared/data-layer/session.ts';
import { useAuth } from '../accounts/use-auth.ts';

// the mods' and admins' dialog: its code is loaded only once the session says the viewer is staff
const DramaEditDialog = lazy(() => import('./DramaEditDialog.tsx'));

export interface DramaEditToolsProps {
  dramaId: number;
  title: string;
  i18n: IslandMessages<'editDialog'>;
}

/**
 * The drama page's edit controls (spec 1 §2.6, spec 2 §2), under the watch-status control: an 'Edit' link to
 * /drama/{id}/edit for every signed-in member, and for mods and admins an 'Edit Drama' button that
 * opens the dialog. Part of the members' chunk the watch-status control loads (MemberWatchStatus):
 * a visitor's page loads none of it, a member's none of the dialog. (Not a portal into the header:
 * importing react-dom's createPortal here split react-dom out of the client script, +608 B brotli
 * on every visitor's page.)
 */
export default function DramaEditTools({ dramaId, title, i18n }: DramaEditToolsProps) {
  const t = islandTranslator(i18n);
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  /** suggestions waiting for review on this drama (MusicBrainz's "open edits"), read live: the page may be pre-rendered */
  const [pending, setPending] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    session.call(getPendingEdits('drama', dramaId), controller.signal).then((p) => setPending(p.pending), () => undefined);
    return () => controller.abort();
  }, [dramaId]);
  if (!user) return null;
  const staff = canEditCatalogue(user);
  const button = 'inline-flex h-9 items-center gap-1.5 rounded-full px-4 text-sm font-semibold ring-1 transition-colors';
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="drama-edit-tools">
      <a
        href={localePath(i18n.locale, `/drama/${dramaId}/edit`)}
        aria-label={t('editDialog.editLinkLabel', { title })}
        className={`${button} bg-surface text-fg ring-line-strong hover:bg-surface-subtle`}
        data-testid="drama-edit-link"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="size-4">
          <path d="M13.5 3.5l3 3L7 16H4v-3l9.5-9.5z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
        {t('editDialog.editLink')}
      </a>
      {staff && (
        <button
          ref={opener}
          type="button"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          className={`${button} bg-accent text-accent-fg ring-accent hover:bg-accent-strong`}
          data-testid="drama-edit-open"
        >
          {t('editDialog.open')}
        </button>
      )}
      {pending > 0 && (
        <span className="text-sm text-fg-muted" data-testid="drama-pending-edits">
          {t('editDialog.pending', { count: pending })}
        </span>
      )}
      {staff && open && (
        <Suspense fallback={null}>
          <DramaEditDialog
            dramaId={dramaId}
            t={t}
            locale={i18n.locale}
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
