// The Suggestions and History tabs of the moderation area (issue 22): slots the catalogue review
// work fills (pending edit suggestions with their diffs; history per drama and person with revert).
// Replace these two components (same props); ModerationArea loads this module lazily with the tab.
import { islandTranslator } from '../../i18n/island.ts';
import type { ModerationTabProps } from './ModerationArea.tsx';

export function SuggestionsTab({ i18n }: ModerationTabProps) {
  return <p className="py-10 text-center text-sm text-fg-muted">{islandTranslator(i18n)('moderation.slot.suggestions')}</p>;
}

export function HistoryTab({ i18n }: ModerationTabProps) {
  return <p className="py-10 text-center text-sm text-fg-muted">{islandTranslator(i18n)('moderation.slot.history')}</p>;
}
