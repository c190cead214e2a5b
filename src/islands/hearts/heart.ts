import * as api from '../../lib/api/operations/hearts.ts';
import type { HeartState } from '../../lib/api/wire/index.ts';
import { queries } from '../shared/data-layer/queries.ts';
import { cachedAnswer, createToggle, type ToggleSpec } from '../shared/data-layer/toggle.ts';

/**
 * A member's heart for a person (spec 1 §6): the heart status (GET /people/{id}/heart-status, a
 * member's read) and the switch (POST / DELETE /people/{id}/heart, whose answers carry the new count;
 * a 400 means the button was stale, e.g. changed in another tab, and the status is read again).
 * `messages`: what a failure says, in the page's language.
 */
export function createHeart(personId: number, messages: ToggleSpec<HeartState>['messages']) {
  const $state = queries.read(api.getHeartStatus(personId));
  const heart = createToggle<HeartState>({
    cell: cachedAnswer($state),
    isOn: (state) => state.has_hearted,
    flip: (state) => ({ hearts: state.hearts + (state.has_hearted ? -1 : 1), has_hearted: !state.has_hearted }),
    write: (on) => (on ? api.giveHeart(personId) : api.takeBackHeart(personId)),
    messages,
  });
  /** $state: the member's heart status; $toggle: the switch's progress and last failure */
  return { $state, $toggle: heart.$status, toggle: heart.toggle };
}
