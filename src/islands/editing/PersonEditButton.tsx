import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { getPendingEdits } from '../../lib/api/operations/editing.ts';
import { session } from '../shared/data-layer/session.ts';

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
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  /** suggestions waiting for review on this person, read live (the page may be pre-rendered) */
  const [pending, setPending] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    session.call(getPendingEdits('person', personId), controller.signal).then((p) => setPending(p.pending), () => undefined);
    return () => controller.abort();
  }, [personId]);
  return (
    <>
      <button
        ref={opener}
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('personEdit.editLabel', { name })}
        className="inline-flex h-10 items-center gap-1.5 rounded-full bg-surface px-4 text-sm font-semibold text-fg ring-1 ring-line-strong hover:bg-surface-subtle"
        data-testid="person-edit-open"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="size-4">
          <path d="M13.5 3.5l3 3L7 16H4v-3l9.5-9.5z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
        {t('personEdit.edit')}
      </button>
      {pending > 0 && (
        <span className="text-sm text-fg-muted" data-testid="person-pending-edits">
          {t('personEdit.pending', { count: pending })}
        </span>
      )}
      {open && (
        <Suspense fallback={null}>
          <PersonEditDialog
            personId={personId}
            t={t}
            locale={i18n.locale}
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
