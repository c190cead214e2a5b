import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { countPendingEdits, type ReviewTarget } from '../../lib/api/operations/edit-review.ts';
import { canModerate } from '../../lib/users/permissions.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { session } from '../shared/data-layer/session.ts';

/**
 * 'N edit suggestions are waiting for review on this page.' (issue 22 "What makes editing
 * trustworthy"; docs/decisions/038 "Review screens"), for signed-in members, in the page's
 * `[data-slot=pending-edits]`. Part of the members' chunks (DramaEditTools, PersonEditButton): a
 * visitor's page loads none of it. The words are the slot's data attributes (the page renders them in
 * its language), so no props are threaded through the islands; mods and admins also get 'Review'.
 */
export default function PendingEditsNotice({ target, id }: { target: ReviewTarget; id: number }) {
  const { user } = useAuth();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState(0);
  useEffect(() => setSlot(document.querySelector<HTMLElement>('[data-slot="pending-edits"]')), []);
  useEffect(() => {
    if (!user) return;
    let current = true;
    session.call(countPendingEdits(target, id)).then(
      (answer) => current && setPending(answer.pending),
      () => current && setPending(0),
    );
    return () => {
      current = false;
    };
  }, [user?.id, target, id]);
  if (!slot || !user || pending <= 0) return null;
  const words = slot.dataset;
  const form = new Intl.PluralRules(document.documentElement.lang || 'en').select(pending) === 'one' ? words.one : words.other;
  const text = (form ?? '').replace('{count}', new Intl.NumberFormat(document.documentElement.lang || 'en').format(pending));
  return createPortal(
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-highlight-muted bg-highlight-soft px-3 py-2 text-sm text-fg" data-testid="pending-edits">
      <span>{text}</span>
      {canModerate(user) && words.reviewHref && (
        <a href={words.reviewHref} className="font-semibold text-accent hover:underline">
          {words.review}
        </a>
      )}
    </p>,
    slot,
  );
}
