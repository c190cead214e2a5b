import { lazy, Suspense } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { canEditCatalogue } from '../../lib/users/permissions.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { EditIcon } from './EditIcon.tsx';
import { useDialogOpener } from './use-dialog-opener.ts';
import { usePendingEdits } from './use-pending-edits.ts';

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
  const dialog = useDialogOpener();
  /** suggestions waiting for review on this drama */
  const pending = usePendingEdits('drama', dramaId);
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
        <EditIcon />
        {t('editDialog.editLink')}
      </a>
      {staff && (
        <button
          ref={dialog.opener}
          type="button"
          onClick={dialog.show}
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
      {staff && dialog.open && (
        <Suspense fallback={null}>
          <DramaEditDialog
            dramaId={dramaId}
            t={t}
            locale={i18n.locale}
            onClose={dialog.close}
          />
        </Suspense>
      )}
    </div>
  );
}
