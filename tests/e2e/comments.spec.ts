import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeAtBothWidths, NARROW } from './support/axe.ts';
import { createDrama, createMember, removeDrama, type Member } from './support/factories.ts';
import { hydrateOnView, waitForIslands } from './support/islands.ts';
import { siteToken, useToken } from './support/session.ts';
import { withSiteDatabase } from './support/site-database.ts';

// The comments block (spec 2 §2 "Comments block", §4; issue 20) on a drama page and on a profile:
// its code loads when it scrolls into view; visitors read every comment; members post, edit, delete
// (after the confirmation), reply, react, report; spoilers stay out of the page until opened; more
// comments load as the last one scrolls into view; a member blocked by a profile's owner gets a note.

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const BLOCK = '[data-comments]';

interface Posted {
  id: number;
}

async function post(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<Posted> {
  const res = await request.post('/api/v1/comments/', { ...auth(token), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Posted;
}

async function openComments(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
  await hydrateOnView(page, BLOCK);
  await expect(page.locator(`${BLOCK} [data-comment-count]`)).toBeVisible();
}

const items = (page: Page) => page.locator(`${BLOCK} [data-comment-list] > li`);
const article = (page: Page, id: number) => page.locator(`${BLOCK} article[data-comment="${id}"]`);

test.describe('on a drama page', () => {
  let drama: { id: number };
  let members: Member[];
  let tokens: string[];
  const posted: Record<string, Posted> = {};

  test.beforeAll(async ({ request }) => {
    drama = await createDrama();
    members = await Promise.all([createMember({ fullName: 'Ana Reader' }), createMember({ fullName: 'Bo Viewer' }), createMember({ fullName: 'Cy Fan' })]);
    tokens = await Promise.all(members.map((m) => siteToken(m)));
    const [a, b, c] = tokens as [string, string, string];
    const on = { dorama_id: drama.id };
    // 12 top-level comments, oldest first, from three members (10 a minute each is the limit)
    posted.first = await post(request, a, { ...on, content: 'The very first comment' });
    posted.spoiler = await post(request, b, { ...on, content: 'The butler did it in episode 9', spoiler: true });
    posted.inline = await post(request, c, { ...on, content: `Ending: ||the twins swap places|| — see https://example.com/recap and ask @${members[0]!.username}` });
    for (let i = 4; i <= 12; i++) posted[`c${i}`] = await post(request, tokens[i % 3]!, { ...on, content: `Comment number ${i}` });
    posted.reply = await post(request, a, { ...on, content: 'A reply to the spoiler', reply_to_id: posted.spoiler!.id });
    const liked = await request.post('/api/v1/reactions/', { ...auth(c), data: { type: 'like', comment_id: posted.c12!.id } });
    expect(liked.status(), await liked.text()).toBe(201);
  });

  test.afterAll(async () => {
    await removeDrama(drama.id);
  });

  test('a visitor: loaded on view, every comment by scrolling, sorting, spoilers hidden until opened, safe links', async ({ page, request }) => {
    const comments: string[] = [];
    page.on('request', (r) => {
      if (/\/_astro\/Comments\.[\w-]+\.js$/.test(r.url())) comments.push(r.url());
    });
    await page.goto(`/drama/${drama.id}`);
    await waitForIslands(page);
    // the block's code is not fetched before it scrolls into view
    expect(comments).toEqual([]);
    await hydrateOnView(page, BLOCK);
    expect(comments).toHaveLength(1);

    const block = page.locator(BLOCK);
    await expect(block.getByRole('heading', { level: 2 })).toContainText('Comments');
    await expect(block.locator('[data-comment-count]')).toHaveText('12 comments');
    await expect(block.getByRole('link', { name: 'Sign in to join the conversation' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/drama/${drama.id}`)}`);
    await expect(block.getByRole('textbox')).toHaveCount(0);
    // newest first, 10 at a time; the rest as the last one scrolls into view, once each
    await expect(items(page)).toHaveCount(10);
    await expect(items(page).first()).toContainText('Comment number 12');
    // someone posts meanwhile: the next page continues where this one ended (no duplicate, no gap)
    await post(request, tokens[1]!, { dorama_id: drama.id, content: 'Posted while the visitor reads' });
    await items(page).last().scrollIntoViewIfNeeded();
    await expect(items(page)).toHaveCount(12);
    const ids = await block.locator('[data-comment-list] > li > article').evaluateAll((els) => els.map((el) => el.getAttribute('data-comment')));
    expect(new Set(ids).size).toBe(12);
    await expect(items(page).last()).toContainText('The very first comment');

    // a spoiler comment: its text is not in the page (nor any accessible name) until opened
    const spoiler = article(page, posted.spoiler!.id);
    await expect(spoiler).toContainText('This comment contains spoilers.');
    expect(await page.content()).not.toContain('butler');
    await expect(spoiler.getByRole('button', { name: 'Show spoiler' })).toBeVisible();
    await spoiler.getByRole('button', { name: 'Show spoiler' }).click();
    await expect(spoiler).toContainText('The butler did it in episode 9');
    // its reply, shown on demand
    await spoiler.getByRole('button', { name: '1 reply' }).click();
    await expect(spoiler).toContainText('A reply to the spoiler');
    await spoiler.getByRole('button', { name: 'Hide replies' }).click();
    await expect(spoiler).not.toContainText('A reply to the spoiler');

    // an inline spoiler likewise; the link opens safely elsewhere; the mention goes to the profile
    const inline = article(page, posted.inline!.id);
    expect(await page.content()).not.toContain('twins swap');
    await expect(inline).toContainText('Ending:');
    await inline.getByRole('button', { name: 'Show spoiler' }).click();
    await expect(inline).toContainText('the twins swap places');
    const link = inline.getByRole('link', { name: 'https://example.com/recap' });
    await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(inline.getByRole('link', { name: `@${members[0]!.username}` })).toHaveAttribute('href', `/user/${members[0]!.username}`);
    await expect(inline.getByRole('link', { name: 'Cy Fan' })).toHaveAttribute('href', `/user/${members[2]!.username}`);

    // a reaction's count, and the visitor is asked to log in
    const reacted = article(page, posted.c12!.id);
    await expect(reacted.getByRole('button', { name: 'Like, 1 reaction' })).toHaveAttribute('aria-pressed', 'false');
    await reacted.getByRole('button', { name: 'Like, 1 reaction' }).click();
    await expect(reacted.getByRole('alert')).toContainText('Please log in to react to comments');

    // oldest first (a new first page: the comment posted meanwhile is counted now)
    await block.getByRole('combobox', { name: 'Sort comments' }).selectOption('oldest');
    await expect(items(page).first()).toContainText('The very first comment');
    await expect(items(page)).toHaveCount(10);
    await expect(block.locator('[data-comment-count]')).toHaveText('13 comments');
  });

  test('a member posts, edits, replies, reacts and deletes (after the confirmation); reports another’s comment', async ({ page }) => {
    await useToken(page, tokens[0]!);
    await openComments(page, `/drama/${drama.id}`);
    const block = page.locator(BLOCK);
    const box = block.getByRole('textbox', { name: 'Write a comment' });
    const send = block.getByRole('button', { name: 'Post Comment' });
    await expect(send).toBeDisabled();
    await box.fill('   ');
    await expect(send).toBeDisabled();
    await box.fill('Best drama of the year');
    await expect(block.getByText('22/1000 characters')).toBeVisible();
    await send.click();
    const mine = items(page).first();
    await expect(mine).toContainText('Best drama of the year');
    await expect(box).toHaveValue('');
    await expect(block.locator('[data-comment-count]')).toHaveText(/^1[34] comments$/);

    // edit in place
    await mine.getByRole('button', { name: 'Edit' }).click();
    const editor = mine.getByRole('textbox');
    await editor.fill(`Best drama of the decade, @${members[1]!.username}`);
    await mine.getByRole('button', { name: 'Save' }).click();
    await expect(mine).toContainText('Best drama of the decade');
    await expect(mine).toContainText('(edited)');
    // a name the page had not read is a link at once: the answer resolved it
    await expect(mine.getByRole('link', { name: `@${members[1]!.username}` })).toHaveAttribute('href', `/user/${members[1]!.username}`);

    // reactions: one per member, the same again takes it back, counts at once
    const like = mine.getByRole('button', { name: /^Like, / });
    const love = mine.getByRole('button', { name: /^Love, / });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveAccessibleName('Like, 1 reaction');
    await love.click();
    await expect(love).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveAccessibleName('Like, 0 reactions');
    await expect(love).toHaveAccessibleName('Love, 1 reaction');

    // a reply
    await mine.getByRole('button', { name: 'Reply' }).click();
    await mine.getByRole('textbox', { name: 'Write a reply' }).fill(`Agreed with myself and @${members[2]!.username}`);
    await mine.getByRole('button', { name: 'Post Reply' }).click();
    await expect(mine).toContainText('Agreed with myself');
    await expect(mine.getByRole('link', { name: `@${members[2]!.username}` })).toHaveAttribute('href', `/user/${members[2]!.username}`);
    await expect(mine.getByRole('button', { name: 'Hide replies' })).toBeVisible();

    // the server has it all
    await openComments(page, `/drama/${drama.id}`);
    const again = items(page).first();
    await expect(again).toContainText('Best drama of the decade');
    await expect(again.getByRole('button', { name: /^Love, / })).toHaveAttribute('aria-pressed', 'true');
    await expect(again.getByRole('button', { name: '1 reply' })).toBeVisible();
    // taking the reaction back
    await again.getByRole('button', { name: 'Love, 1 reaction' }).click();
    await expect(again.getByRole('button', { name: 'Love, 0 reactions' })).toHaveAttribute('aria-pressed', 'false');

    // no Edit or Delete on another member's comment; Report instead
    const other = article(page, posted.c11!.id);
    await expect(other.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await other.getByRole('button', { name: 'Report' }).click();
    const report = page.getByTestId('report-comment-dialog');
    await expect(report.getByRole('button', { name: 'Send report' })).toBeDisabled();
    await report.getByRole('radio', { name: 'Spam' }).check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report.getByRole('status')).toHaveText('Thanks for reporting. A moderator will take a look.');
    await report.getByRole('button', { name: 'Close' }).first().click();

    // delete, after the spec's confirmation; Cancel keeps it
    await again.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByTestId('delete-comment-dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this comment? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(again).toContainText('Best drama of the decade');
    await again.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('delete-comment-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(block).not.toContainText('Best drama of the decade');
  });
});

test.describe('on a profile', () => {
  test("'Profile Comments': the empty state, a member's comment, a blocked member's note; axe clean", async ({ page }) => {
    const [owner, writer, blocked] = await Promise.all([createMember(), createMember({ fullName: 'Wen Writer' }), createMember()]);
    // the owner blocked this member (the blocks table, as the block service writes it)
    await withSiteDatabase((client) => client.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [owner.id, blocked.id]));

    await openComments(page, `/user/${owner.username}`);
    const block = page.locator(BLOCK);
    await expect(block.getByRole('heading', { level: 2 })).toContainText('Profile Comments');
    await expect(block.locator('[data-comments-empty]')).toHaveText(/No comments yet\s*Be the first to leave a comment on this profile!/);
    await expect(block.getByRole('link', { name: 'Sign in to join the conversation' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/user/${owner.username}`)}`);

    // a member comments on the profile
    await useToken(page, await siteToken(writer));
    await openComments(page, `/user/${owner.username}`);
    await block.getByRole('textbox', { name: 'Write a comment' }).fill('Great lists! ||Episode 16 made me cry||');
    await block.getByRole('button', { name: 'Post Comment' }).click();
    await expect(items(page)).toHaveCount(1);
    await expect(items(page).first()).toContainText('Great lists!');
    await expect(items(page).first()).not.toContainText('Episode 16');
    await expect(block.locator('[data-comment-count]')).toHaveText('1 comment');
    await openComments(page, `/user/${owner.username}`);
    await expect(items(page).first().getByRole('link', { name: 'Wen Writer' })).toHaveAttribute('href', `/user/${writer.username}`);
    await page.setViewportSize(NARROW);
    await axeAtBothWidths(page, 'the comments block on a profile');

    // the member the owner blocked: a note instead of the compose box (the later token's script runs last)
    await useToken(page, await siteToken(blocked));
    await openComments(page, `/user/${owner.username}`);
    await expect(block.locator('[data-comments-blocked]')).toHaveText("You can't comment on this profile.");
    await expect(block.getByRole('textbox')).toHaveCount(0);
  });

  test('a drama with no comments says so', async ({ page }) => {
    const drama = await createDrama();
    try {
      await openComments(page, `/drama/${drama.id}`);
      await expect(page.locator(`${BLOCK} [data-comments-empty]`)).toHaveText(/No comments yet\s*Be the first to share your thoughts!/);
      await expect(page.locator(`${BLOCK} [data-comment-count]`)).toHaveText('0 comments');
    } finally {
      await removeDrama(drama.id);
    }
  });
});
