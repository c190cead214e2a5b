import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeAtBothWidths, NARROW } from './support/axe.ts';
import { createMember, insertReplies, type Member } from './support/factories.ts';
import { BASE_URL } from './support/ports.ts';
import { siteToken, useToken } from './support/session.ts';
import { createPostVia, feedList, followVia, inList, openFeed, repostVia, threadDialog, type SeededPost } from './support/social.ts';

// The community feed (spec 2 §2 "Community feed (/social)", §4, §5; issue 21): a visitor reads For You
// and is shown the join prompt, no actions; a member posts, replies, quotes, reposts, likes (the thread
// modal's like moves the list's count), edits and deletes (after the confirmation); the tabs; more
// posts as the last one scrolls into view; a post's own address, opened by the thread modal and
// closed by Back; spoilers out of the page until opened.

test.describe.configure({ mode: 'default' });

let ana: Member, bo: Member, cy: Member, dee: Member;
let tokens: { ana: string; bo: string; cy: string; dee: string };
const seeded: Record<string, SeededPost> = {};
const RUN = Date.now().toString(36);

test.beforeAll(async ({ request }) => {
  [ana, bo, cy, dee] = await Promise.all([
    createMember({ fullName: 'Ana Feed' }),
    createMember({ fullName: 'Bo Feed' }),
    createMember({ fullName: 'Cy Feed' }),
    createMember({ fullName: 'Dee Feed' }),
  ]);
  const [a, b, c, d] = await Promise.all([ana, bo, cy, dee].map((m) => siteToken(m)));
  tokens = { ana: a!, bo: b!, cy: c!, dee: d! };
  // 24 posts from three members (10 a minute each is the limit), oldest first
  for (let i = 1; i <= 7; i++) {
    for (const [who, token] of [['ana', tokens.ana], ['bo', tokens.bo], ['cy', tokens.cy]] as const) {
      seeded[`${who}${i}`] = await createPostVia(request, token, { content: `Seed ${RUN} ${who} number ${i}` });
    }
  }
  seeded.spoiler = await createPostVia(request, tokens.bo, { content: `The butler did it ${RUN}`, spoiler: true });
  seeded.inline = await createPostVia(request, tokens.cy, { content: `Ending ${RUN}: ||the twins swap places|| see https://example.com/recap @${ana.username}` });
  seeded.quote = await createPostVia(request, tokens.ana, { content: `Quoting Bo ${RUN}`, parent_id: seeded.bo1!.id, kind: 'quote' });
  await repostVia(request, tokens.ana, seeded.cy2!.id);
  await followVia(request, tokens.dee, ana.id);
});

const articles = (page: Page) => feedList(page).locator(':scope > li > article');

test('a visitor: the join prompt, no actions, Following asks to join, spoilers hidden until opened, more posts on scroll; axe clean', async ({ page }) => {
  await page.setViewportSize(NARROW);
  await openFeed(page);
  const prompt = page.locator('[data-join-prompt]').first();
  await expect(prompt.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fsocial');
  await expect(prompt.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  await expect(page.locator('[data-post-composer]')).toHaveCount(0);
  await expect(page.locator('[data-action]')).toHaveCount(0);
  await expect(page.locator('[data-post-menu]')).toHaveCount(0);

  // newest first: the quote shows its quoted post in a card; the author links to the profile
  const quote = inList(page, seeded.quote!.id);
  await expect(quote.locator(`[data-quote-card="${seeded.bo1!.id}"]`)).toContainText(`Seed ${RUN} bo number 1`);
  await expect(quote.locator('[data-post-author]').first()).toHaveAttribute('href', `/user/${ana.username}`);

  // a spoiler post and an inline spoiler: not in the page until opened; links are safe
  await expect(page.locator('body')).not.toContainText(`The butler did it ${RUN}`);
  await expect(page.locator('body')).not.toContainText('the twins swap places');
  const inline = inList(page, seeded.inline!.id);
  await expect(inline.getByRole('link', { name: 'https://example.com/recap' })).toHaveAttribute('rel', 'nofollow ugc noopener');
  await inline.getByRole('button', { name: 'Show spoiler' }).click();
  await expect(inline).toContainText('the twins swap places');
  const spoiler = inList(page, seeded.spoiler!.id);
  await expect(spoiler).toContainText('This post contains spoilers.');
  await spoiler.getByRole('button', { name: 'Show spoiler' }).click();
  await expect(spoiler).toContainText(`The butler did it ${RUN}`);

  await axeAtBothWidths(page, 'the feed, for a visitor');

  // 20 at first; the rest when the last one scrolls into view, each once. A next page that fails is
  // asked once while the end stays in view (not in a loop), and again when it comes back into view
  await expect(articles(page)).toHaveCount(20);
  let nextPages = 0;
  let failNext = true;
  await page.route(/\/api\/v1\/social\/posts\?.*cursor=/, async (route) => {
    nextPages++;
    if (!failNext) return route.continue();
    failNext = false;
    await route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ detail: 'down for a moment' }) });
  });
  const end = page.locator('[data-feed-more]');
  await end.scrollIntoViewIfNeeded();
  await expect.poll(() => nextPages).toBe(1);
  await expect(end).toBeInViewport();
  await expect(end).toHaveText(''); // the failed page is done loading
  // the end stays in view and nothing more is asked (a short list of answers would show a loop at once)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(nextPages).toBe(1);
  await expect(articles(page)).toHaveCount(20);
  await articles(page).first().scrollIntoViewIfNeeded();
  await end.scrollIntoViewIfNeeded();
  await expect.poll(async () => articles(page).count()).toBeGreaterThan(20);
  expect(nextPages).toBe(2);
  await page.unroute(/\/api\/v1\/social\/posts\?.*cursor=/);
  const ids = await articles(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-post')));
  expect(new Set(ids).size).toBe(ids.length);
  await expect(inList(page, seeded.ana1!.id)).toBeVisible();

  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page.getByRole('tabpanel').locator('[data-join-prompt]')).toBeVisible();
  await expect(page.getByRole('tabpanel').locator('article')).toHaveCount(0);
});

test('a member posts (the button waits for words), edits, and deletes after the confirmation; others’ posts have no actions', async ({ page }) => {
  await useToken(page, tokens.dee);
  await openFeed(page);
  const composer = page.locator('[data-post-composer="post"]');
  const send = composer.locator('[data-send]');
  await expect(send).toBeDisabled();
  await composer.getByRole('textbox').fill('   ');
  await expect(send).toBeDisabled();
  await composer.getByRole('textbox').fill(`Hello feed ${RUN}`);
  await expect(composer.locator('[data-counter]')).toHaveText(`${`Hello feed ${RUN}`.length}/500`);
  await composer.locator('[data-reply-control]').selectOption('nobody');
  await send.click();
  const mine = articles(page).first();
  await expect(mine).toContainText(`Hello feed ${RUN}`);
  await expect(composer.getByRole('textbox')).toHaveValue('');

  // another member's post: 'No actions available'
  const other = inList(page, seeded.quote!.id);
  await other.getByLabel('Post actions').click();
  await expect(other.locator('[data-no-actions]')).toHaveText('No actions available');
  await other.getByLabel('Post actions').click();

  // edit
  await mine.getByLabel('Post actions').click();
  await mine.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByTestId('edit-dialog');
  await edit.getByRole('textbox').fill(`Hello edited feed ${RUN}`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(mine).toContainText(`Hello edited feed ${RUN}`);
  await expect(mine).toContainText('(edited)');

  // delete, after the confirmation
  await mine.getByLabel('Post actions').click();
  await mine.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('delete-post-dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this post?');
  await confirm.locator('[data-confirm]').click();
  await expect(confirm).toBeHidden();
  await expect(page.locator('[data-feed-list]')).not.toContainText(`Hello edited feed ${RUN}`);
});

test('the thread modal at the post’s own address: a like there moves the list’s count, a reply joins the thread, Back closes it', async ({ page }) => {
  await useToken(page, tokens.dee);
  await openFeed(page);
  const target = seeded.ana7!;
  const card = inList(page, target.id);
  const likes = card.locator('[data-count="likes"]');
  await expect(likes).toHaveText('0');

  await card.locator('[data-post-link]').click();
  await expect(page).toHaveURL(new RegExp(`/social/post/${target.id}$`));
  const thread = threadDialog(page);
  const focus = thread.locator(`article[data-post="${target.id}"]`);
  await focus.locator('[data-action="like"]').click();
  await expect(focus.locator('[data-action="like"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(likes).toHaveText('1');

  // a reply, from the thread
  await focus.locator('[data-action="reply"]').click();
  const reply = page.getByTestId('reply-dialog');
  await reply.getByRole('textbox').fill(`A reply ${RUN}`);
  await reply.locator('[data-send]').click();
  await expect(reply).toBeHidden();
  await expect(thread).toContainText(`A reply ${RUN}`);
  await expect(card.locator('[data-count="replies"]')).toHaveText('1');

  await page.goBack();
  await expect(thread).toBeHidden();
  await expect(page).toHaveURL(/\/social$/);

  // the address itself shows the post with its thread
  await page.goto(`/social/post/${target.id}`);
  // its head previews it for a shared link; an address of no post is a 404
  await expect(page).toHaveTitle(/^Post by @\w+/);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', target.content);
  expect((await page.request.get('/social/post/999999999')).status()).toBe(404);
  const own = page.locator(`[data-post-page="${target.id}"]`);
  await expect(own.locator(`article[data-post="${target.id}"]`)).toContainText(target.content);
  await expect(own).toContainText(`A reply ${RUN}`);
  await expect(own.locator(`article[data-post="${target.id}"] [data-action="like"]`)).toHaveAttribute('aria-pressed', 'true');
  await axeAtBothWidths(page, 'a post’s own page');
});

test('a thread of more than one page of replies loads the rest as the last one scrolls into view, in the modal and on the post’s page; a deleted post’s page names no author', async ({ page, request, browser }) => {
  // a member of its own (the others' posting limits are spent by the seeds), 60 replies by Bo as rows
  const eve = await createMember({ fullName: 'Eve Threadwriter' });
  const eveToken = (await siteToken(eve))!;
  const post = await createPostVia(request, eveToken, { content: `Long thread ${RUN}` });
  await insertReplies(post.id, bo.id, 60, `Reply ${RUN}`);
  const replyCards = (scope: Locator) => scope.locator(`[data-thread="${post.id}"] > li > article:not([data-post="${post.id}"])`);

  // the thread modal: the first 50 replies, the other 10 when the last one scrolls into view
  await openFeed(page);
  await inList(page, post.id).locator('[data-post-link]').click();
  const thread = threadDialog(page);
  await expect(replyCards(thread)).toHaveCount(50);
  await expect(thread).not.toContainText(`Reply ${RUN} 51`);
  await thread.locator('[data-thread-more]').scrollIntoViewIfNeeded();
  await expect(replyCards(thread)).toHaveCount(60);
  await expect(thread.locator('[data-thread-more]')).toHaveCount(0);
  const ids = await replyCards(thread).evaluateAll((els) => els.map((el) => el.getAttribute('data-post')));
  expect(new Set(ids).size).toBe(60);
  await expect(replyCards(thread).last()).toContainText(`Reply ${RUN} 60`);

  // the post's own page does the same; its author's reply there, the 61st, stays in view (the
  // thread is read again as far as the reader had read it)
  await useToken(page, eveToken);
  await page.goto(`/social/post/${post.id}`);
  const own = page.locator(`[data-post-page="${post.id}"]`);
  await expect(replyCards(own)).toHaveCount(50);
  await own.locator('[data-thread-more]').scrollIntoViewIfNeeded();
  await expect(replyCards(own)).toHaveCount(60);
  await own.locator(`article[data-post="${post.id}"] [data-action="reply"]`).click();
  const reply = page.getByTestId('reply-dialog');
  await reply.getByRole('textbox').fill(`The author answers ${RUN}`);
  await reply.locator('[data-send]').click();
  await expect(reply).toBeHidden();
  await expect(replyCards(own)).toHaveCount(61);
  await expect(replyCards(own).last()).toContainText(`The author answers ${RUN}`);

  // deleted (it has replies: a tombstone), its page names no author, in the head or the page
  // (a visitor of its own: this one's browser may answer the thread it read from its cache for a
  // few seconds, stale-while-revalidate, as a visitor's answers allow)
  const gone = await request.delete(`/api/v1/social/posts/${post.id}`, { headers: { Authorization: `Bearer ${eveToken}` } });
  expect(gone.status(), await gone.text()).toBe(204);
  const fresh = await browser.newContext({ baseURL: BASE_URL });
  const visitor = await fresh.newPage();
  await visitor.goto(`/social/post/${post.id}`);
  await expect(visitor).toHaveTitle(/^Deleted post/);
  const deleted = visitor.locator(`[data-post-page="${post.id}"]`);
  await expect(deleted.locator(`article[data-post="${post.id}"][data-deleted]`)).toHaveText('This post was deleted');
  await expect(replyCards(deleted)).toHaveCount(50);
  await expect(visitor.locator('body')).not.toContainText('Eve Threadwriter');
  await expect(visitor.locator('body')).not.toContainText(eve.username);
  const description = await visitor.locator('meta[property="og:description"]').getAttribute('content');
  expect(description).not.toContain('Long thread');
  expect(description).not.toContain('Eve');
  await fresh.close();
});

test('repost and quote from the repost dialog; the tabs: Following shows the followed member’s posts and reposts', async ({ page }) => {
  await useToken(page, tokens.dee);
  await openFeed(page);
  const target = inList(page, seeded.bo7!.id);
  await target.locator('[data-action="repost"]').click();
  const dialog = page.getByTestId('repost-dialog');
  await dialog.locator('[data-repost]').click();
  await expect(dialog).toBeHidden();
  await expect(target.locator('[data-action="repost"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(target.locator('[data-count="reposts"]')).toHaveText('1');

  await target.locator('[data-action="repost"]').click();
  const quoteSend = dialog.locator('[data-post-composer="quote"] [data-send]');
  await expect(quoteSend).toBeDisabled();
  await dialog.locator('[data-post-composer="quote"]').getByRole('textbox').fill(`My quote ${RUN}`);
  await quoteSend.click();
  await expect(dialog).toBeHidden();
  const quote = articles(page).first();
  await expect(quote).toContainText(`My quote ${RUN}`);
  await expect(quote.locator(`[data-quote-card="${seeded.bo7!.id}"]`)).toContainText(`Seed ${RUN} bo number 7`);

  await page.getByRole('tab', { name: 'Following' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.locator(`article[data-post="${seeded.ana7!.id}"]`)).toBeVisible();
  await expect(panel.locator(`article[data-post="${seeded.cy2!.id}"]`)).toContainText('Reposted by Ana Feed');
  await expect(panel.locator(`article[data-post="${seeded.bo6!.id}"]`)).toHaveCount(0);
  await axeAtBothWidths(page, 'the feed, for a member, Following');
});

test('in Portuguese, the quoted post’s author detaches a quote of their post', async ({ page }) => {
  await useToken(page, tokens.bo);
  await openFeed(page, '/pt-br/social');
  await expect(page.getByRole('tab', { name: 'Para você' })).toHaveAttribute('aria-selected', 'true');
  const quote = inList(page, seeded.quote!.id);
  await expect(quote.locator(`[data-quote-card="${seeded.bo1!.id}"]`)).toBeVisible();
  await quote.getByLabel('Ações da publicação').click();
  await quote.getByRole('button', { name: 'Desvincular citação' }).click();
  await page.getByTestId('detach-post-dialog').locator('[data-confirm]').click();
  await expect(quote.locator('[data-quote-card="detached"]')).toHaveText('Citação removida pelo autor');
  await expect(quote).toContainText(`Quoting Bo ${RUN}`);
});
