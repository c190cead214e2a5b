// The moderation area's Suggestions and History tabs (issue 22; docs/decisions/038 "Review screens"),
// plugged into the area's shell by tab-slots.tsx, which ModerationArea loads lazily with the tab: the
// review code and the diff library are in this chunk, loaded for mods and admins only.
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { HistoryLookup } from './HistoryList.tsx';
import SuggestionsQueue from './SuggestionsQueue.tsx';

export interface ReviewTabProps {
  i18n: IslandMessages<'editReview'>;
}

export function SuggestionsReviewTab({ i18n }: ReviewTabProps) {
  return <SuggestionsQueue t={islandTranslator(i18n)} locale={i18n.locale} />;
}

export function HistoryReviewTab({ i18n }: ReviewTabProps) {
  return <HistoryLookup t={islandTranslator(i18n)} locale={i18n.locale} />;
}
