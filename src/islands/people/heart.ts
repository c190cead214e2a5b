import { computed } from 'nanostores';
import { api } from '../../lib/api/operations.ts';
import type { HeartState } from '../../lib/api/wire/index.ts';
import { PERSON_PAGE_MESSAGES } from '../../lib/people/person-page.ts';
import { queries } from '../shared/data-layer/queries.ts';
import { $token } from '../shared/data-layer/session.ts';
import { cachedAnswer, createToggle } from '../shared/data-layer/toggle.ts';

/**
 * A person's heart (spec 1 §6): for a member, the heart status (GET /people/{id}/heart-status) and
 * the switch (POST / DELETE /people/{id}/heart, whose answers carry the new count; a 400 means the
 * button was stale, e.g. changed in another tab, and the status is read again). For a visitor on a
 * pre-rendered page, the live count (GET /people/{id}), as the page's may be older.
 */
export function createHeart(personId: number, prerendered: boolean) {
  const $state = queries.read(api.people.heartStatus(personId));
  const $person = queries.read(computed($token, (token) => (prerendered && !token ? api.people.get(personId) : null)));
  const heart = createToggle<HeartState>({
    cell: cachedAnswer($state),
    isOn: (state) => state.has_hearted,
    flip: (state) => ({ hearts: state.hearts + (state.has_hearted ? -1 : 1), has_hearted: !state.has_hearted }),
    write: (on) => (on ? api.people.giveHeart(personId) : api.people.takeBackHeart(personId)),
    messages: { failed: PERSON_PAGE_MESSAGES.heartFailed, signedOut: PERSON_PAGE_MESSAGES.heartNeedsLogin },
  });
  /** $state: the member's heart status; $person: the visitor's live count; $toggle: the switch's progress */
  return { $state, $person, $toggle: heart.$status, toggle: heart.toggle };
}
