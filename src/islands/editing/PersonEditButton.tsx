import { lazy, Suspense } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { EditIcon } from './EditIcon.tsx';
import { useDialogOpener } from './use-dialog-opener.ts';
import { usePendingEdits } from './use-pending-edits.ts';

// the form and its data layer: loaded when the button is first pressed
const PersonEditDialog = lazy(() => import('./PersonEditDialog.tsx'));

export interface PersonEditProps {
  personId: number;
  name: string;
  i18n: IslandMessages<'personEdit'>;
}

/**
 * The person page's edit button (spec 1 §2.7, spec 2 "Person edit"): any signed-in member. Part of
 * the members' heart chunk (MemberHeart): a visitor's page loads none of it; the dialog loads on the
 * first press.
 */
export default function PersonEditButton({ personId, name, i18n }: PersonEditProps) {
  const t = islandTranslator(i18n);
  const dialog = useDialogOpener();
  /** suggestions waiting for review on this person */
  const pending = usePendingEdits('person', personId);
  return (
    <>
      <button
        ref={dialog.opener}
        type="button"
        onClick={dialog.show}
        aria-haspopup="dialog"
        aria-label={t('personEdit.editLabel', { name })}
        className="inline-flex h-10 items-center gap-1.5 rounded-full bg-surface px-4 text-sm font-semibold text-fg ring-1 ring-line-strong hover:bg-surface-subtle"
        data-testid="person-edit-open"
      >
        <EditIcon />
        {t('personEdit.edit')}
      </button>
      {pending > 0 && (
        <span className="text-sm text-fg-muted" data-testid="person-pending-edits">
          {t('personEdit.pending', { count: pending })}
        </span>
      )}
      {dialog.open && (
        <Suspense fallback={null}>
          <PersonEditDialog
            personId={personId}
            t={t}
            locale={i18n.locale}
            onClose={dialog.close}
          />
        </Suspense>
      )}
    </>
  );
}
