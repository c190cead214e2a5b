import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../src/lib/server/errors.ts';
import { answerPage } from '../../../src/lib/server/http/page-answer.ts';
import { loadPage, pageData, pageOk, pageRedirect, slugError, type PageResult } from '../../../src/lib/server/services/pages/page-result.ts';

// The page loaders' one result type and what a page does with it (docs/decisions/016).

/** What a page's frontmatter sees of Astro: its response, and redirect(). */
function fakeAstro(asked = '/drama/007') {
  const response = { status: 200, headers: new Headers() };
  return {
    response,
    // a /pt-br/ address reaches the English route by a rewrite: url is the English one
    url: new URL(`http://localhost${asked.replace(/^\/pt-br/, '')}`),
    originPathname: asked,
    redirect: (location: string, status?: number) => new Response(null, { status, headers: { Location: location } }),
  };
}

describe('loadPage', () => {
  it('answers what the work answers', async () => {
    expect(await loadPage({}, async () => pageOk({ id: 1 }))).toEqual({ kind: 'ok', data: { id: 1 } });
    expect(await loadPage({}, async () => pageRedirect('/drama/7', 301))).toEqual({ kind: 'redirect', location: '/drama/7', status: 301 });
  });

  it('turns whatever the work throws into an error state, never a throw', async () => {
    expect(await loadPage({}, async () => Promise.reject(new NotFoundError('Drama not found')))).toEqual({ kind: 'error', reason: 'not-found', status: 404 });
    expect(await loadPage({}, async () => Promise.reject(new Error('syntax error at or near')))).toEqual({
      kind: 'error',
      reason: 'failed',
      status: 500,
      failure: { status: 500 },
    });
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(await loadPage({}, async () => Promise.reject(refused))).toMatchObject({ status: 503, failure: { noResponse: true } });
  });
});

describe('slugError', () => {
  it('is 400 for an invalid id and the site’s not-found page for no page at all', () => {
    expect(slugError({ kind: 'invalid' })).toEqual({ kind: 'error', reason: 'invalid-id', status: 400 });
    expect(slugError({ kind: 'no-page' })).toEqual({ kind: 'error', reason: 'no-page', status: 404 });
  });
});

describe('pageData', () => {
  it('is the data of an ok result, or what a failed state still shows', () => {
    expect(pageData(pageOk('page'))).toBe('page');
    expect(pageData({ kind: 'error', reason: 'failed', status: 500, failure: { status: 500 }, data: 'form' })).toBe('form');
    expect(pageData({ kind: 'error', reason: 'not-found', status: 404 })).toBeUndefined();
    expect(pageData(pageRedirect('/x'))).toBeUndefined();
  });
});

describe('answerPage', () => {
  it('renders an ok result as it is', () => {
    const astro = fakeAstro();
    expect(answerPage(astro, pageOk({}))).toBeUndefined();
    expect(astro.response.status).toBe(200);
    expect(astro.response.headers.get('cache-control')).toBeNull();
  });

  it('answers a redirect at once', () => {
    const res = answerPage(fakeAstro(), pageRedirect('/drama/7', 301))!;
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/drama/7');
  });

  it('keeps a redirect in the language of the address asked for', () => {
    const res = answerPage(fakeAstro('/pt-br/drama/007'), pageRedirect('/drama/7', 301))!;
    expect(res.headers.get('location')).toBe('/pt-br/drama/7');
  });

  it("answers an address that is no page with an empty 404 (Astro's not-found page)", async () => {
    const res = answerPage(fakeAstro(), slugError({ kind: 'no-page' }))!;
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
  });

  it.each([
    [slugError({ kind: 'invalid' }), 400],
    [{ kind: 'error', reason: 'not-found', status: 404 }, 404],
    [{ kind: 'error', reason: 'failed', status: 500, failure: { status: 500 } }, 500],
    [{ kind: 'error', reason: 'failed', status: 503, failure: { noResponse: true } }, 503],
  ] as [PageResult<unknown>, number][])('renders an error state with its status (%#), never kept by caches', (result, status) => {
    const astro = fakeAstro();
    expect(answerPage(astro, result)).toBeUndefined();
    expect(astro.response.status).toBe(status);
    expect(astro.response.headers.get('cache-control')).toBe('no-store');
  });
});
