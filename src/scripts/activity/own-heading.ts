/**
 * 'My Activity' for the member themselves (spec 2 §2 "Activity timeline"). The timeline is rendered
 * on the server for anyone, as "{username}'s Activity": the server cannot know the visitor (the
 * token is in localStorage). Once the navbar's auth state has loaded the signed-in member
 * (GET /users/me, which every page makes anyway), this swaps the heading and the document's title
 * when the member's username is the page's, and back when they sign out (docs/decisions/021). The
 * auth state is the navbar's own module (one load per page whoever starts it first).
 */
import { $user, startAuth } from '../../islands/accounts/auth-store.ts';

export function enhanceOwnHeading(): void {
  const heading = document.querySelector<HTMLElement>('[data-activity-heading]');
  const text = heading?.querySelector<HTMLElement>('[data-heading-text]');
  if (!heading || !text) return;
  const owner = (heading.dataset.owner ?? '').toLowerCase();
  const theirs = { heading: text.textContent ?? '', title: document.title };
  const mine = { heading: heading.dataset.ownHeading ?? theirs.heading, title: heading.dataset.ownTitle ?? theirs.title };
  startAuth();
  $user.subscribe((user) => {
    const own = !!user && user.username.toLowerCase() === owner;
    const shown = own ? mine : theirs;
    text.textContent = shown.heading;
    document.title = shown.title;
    heading.toggleAttribute('data-own', own);
  });
}
