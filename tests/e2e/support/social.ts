import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// The feed's browser tests' set-up (tests/e2e/social.spec.ts): posts and toggles over the API as a
// member, and where the feed's parts are on the page.

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

export interface SeededPost {
  id: number;
  content: string;
}

/** POST /social/posts as the member with `token`: the post made. */
export async function createPostVia(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<SeededPost> {
  const res = await request.post('/api/v1/social/posts', { ...auth(token), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { post: SeededPost }).post;
}

/** POST /social/posts/{id}/repost (a toggle) as the member with `token`. */
export async function repostVia(request: APIRequestContext, token: string, id: number) {
  const res = await request.post(`/api/v1/social/posts/${id}/repost`, auth(token));
  expect(res.status(), await res.text()).toBe(200);
}

/** POST /users/{id}/follow as the member with `token`. */
export async function followVia(request: APIRequestContext, token: string, id: number) {
  const res = await request.post(`/api/v1/users/${id}/follow`, auth(token));
  expect(res.ok(), await res.text()).toBe(true);
}

/** the feed's list (the tab shown) */
export const feedList = (page: Page) => page.locator('[data-feed-list]');
/** a post's card in the feed's list (not a repost of it) */
export const inList = (page: Page, id: number): Locator => feedList(page).locator(`article[data-post="${id}"]`).first();
/** the thread modal */
export const threadDialog = (page: Page) => page.getByTestId('thread-dialog');

/** Opens /social (or its Portuguese twin) and waits until the first posts are shown. */
export async function openFeed(page: Page, path = '/social') {
  await page.goto(path);
  await expect(page.locator('[data-social-feed]')).not.toHaveAttribute('data-auth-state', 'loading');
  await expect(feedList(page).locator('article').first()).toBeVisible();
}
