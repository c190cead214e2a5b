import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import type { ReviewTarget } from '../../lib/api/operations/edit-review.ts';
import { canEditCatalogue } from '../../lib/users/permissions.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { Spinner } from '../shared/form-ui.tsx';
import HistoryList from './HistoryList.tsx';

/**
 * /drama/{id}/history and /person/{id}/history (docs/decisions/038 "Review screens"): the record's
 * history for anyone, Revert for mods and admins. Waits for the session so the list is read once
 * (with the member's token when signed in: fresh after a revert).
 */
export default function RecordHistoryPage({ target, id, i18n }: { target: ReviewTarget; id: number; i18n: IslandMessages<'editReview'> }) {
  const t = islandTranslator(i18n);
  const { state, user } = useAuth();
  if (state === 'loading') return <Spinner label={t('editReview.loading')} />;
  return <HistoryList target={target} id={id} t={t} locale={i18n.locale} canRevert={canEditCatalogue(user)} signedIn={!!user} />;
}
