// The Suggestions and History tabs of the moderation area (issue 22): the catalogue review screens
// (review-tabs.tsx: pending edit suggestions with their diffs; history per drama and person with
// revert). ModerationArea loads this module lazily with the tab, so the review code and the diff
// library are loaded only when a mod or an admin opens one of them.
import type { ModerationTabProps } from './ModerationArea.tsx';
import { HistoryReviewTab, SuggestionsReviewTab } from './review-tabs.tsx';

export function SuggestionsTab({ i18n }: ModerationTabProps) {
  return <SuggestionsReviewTab i18n={i18n} />;
}

export function HistoryTab({ i18n }: ModerationTabProps) {
  return <HistoryReviewTab i18n={i18n} />;
}
