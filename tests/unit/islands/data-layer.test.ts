import { atom, type ReadableAtom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { ApiClientError, type ApiRequest } from '../../../src/lib/api/api-client.ts';
import * as dramas from '../../../src/lib/api/operations/dramas.ts';
import * as hearts from '../../../src/lib/api/operations/hearts.ts';
import * as people from '../../../src/lib/api/operations/people.ts';
import * as sessionCalls from '../../../src/lib/api/operations/session.ts';
import type { HeartState } from '../../../src/lib/api/wire/index.ts';
import { createQueries } from '../../../src/islands/shared/data-layer/queries.ts';
import { createSession } from '../../../src/islands/shared/data-layer/session.ts';
import { read, write } from '../../../src/lib/api/operations/operation.ts';
import { cachedAnswer, createChoice, createToggle } from '../../../src/islands/shared/data-layer/toggle.ts';

// The islands' data layer (docs/decisions/017) over a fake API: each request waits until the test
// answers it, so what the page shows between a press and the answer can be observed.

interface Request {
  method: string;
  path: string;
  token: string | null;
  json: unknown;
  answer(body: unknown): void;
  fail(status: number, detail?: string): void;
}

function fakeApi() {
  const requests: Request[] = [];
  const waiting: ((request: Request) => void)[] = [];
  const transport = <T>(path: string, request: ApiRequest) =>
    new Promise<T>((resolve, reject) => {
      const entry: Request = {
        method: request.method ?? 'GET',
        path,
        token: request.token ?? null,
        json: request.json,
        answer: (body) => resolve(body as T),
        fail: (status, detail) => reject(new ApiClientError(status, detail)),
      };
      requests.push(entry);
      waiting.shift()?.(entry);
    });
  let taken = 0;
  return {
    transport,
    requests,
    /** the next request not yet taken (waits for it to be sent) */
    next(): Promise<Request> {
      const request = requests[taken];
      taken += 1;
      return request ? Promise.resolve(request) : new Promise((resolve) => waiting.push(resolve));
    },
    /** the requests sent so far, as `METHOD path` */
    sent: () => requests.map((r) => `${r.method} ${r.path}`),
  };
}

function setUp(token = 'token-A') {
  const server = fakeApi();
  const $token = atom(token);
  const session = createSession($token, server.transport);
  const queries = createQueries(session);
  return { server, $token, session, queries };
}

/** Resolves with the store's first value that passes `ok` (the store is watched meanwhile). */
function until<T>(store: ReadableAtom<T>, ok: (value: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const stop = store.subscribe((value) => {
      if (!ok(value)) return;
      queueMicrotask(() => stop());
      resolve(value);
    });
  });
}

const status = (hearts: number, has_hearted: boolean): HeartState => ({ hearts, has_hearted });

/** A heart of person 7 as src/islands/hearts/heart.ts builds it, with its status read and shown. */
async function heartOf(setup: ReturnType<typeof setUp>, start = status(10, false)) {
  const { server, session, queries } = setup;
  const $state = queries.read(hearts.getHeartStatus(7));
  const seen: (HeartState | undefined)[] = [];
  $state.subscribe((value) => seen.push(value.data));
  (await server.next()).answer(start);
  await until($state, (v) => v.data !== undefined);
  const heart = createToggle<HeartState>(
    {
      cell: cachedAnswer($state, queries),
      isOn: (s) => s.has_hearted,
      flip: (s) => ({ hearts: s.hearts + (s.has_hearted ? -1 : 1), has_hearted: !s.has_hearted }),
      write: (on) => (on ? hearts.giveHeart(7) : hearts.takeBackHeart(7)),
      messages: { failed: 'Failed to update heart. Please try again.', signedOut: 'Please log in to give hearts to people' },
    },
    session,
  );
  const shown = () => $state.get().data;
  return { $state, heart, shown, seen };
}

describe('the session', () => {
  it("sends a member's call with the stored token and a call for anyone without it", async () => {
    const { server, session } = setUp('token-A');
    void session.call(hearts.getHeartStatus(3));
    void session.call(people.getPerson(3));
    expect((await server.next()).token).toBe('token-A');
    expect((await server.next()).token).toBeNull();
  });

  it('signs out once on a 401, however many requests fail together', async () => {
    const { server, $token, session } = setUp('token-A');
    const signOuts: string[] = [];
    $token.listen((value) => signOuts.push(value));
    const calls = [
      session.call(sessionCalls.getCurrentUser()),
      session.call(hearts.getHeartStatus(1)),
      session.call(hearts.getHeartStatus(2)),
    ].map((call) => call.catch((e: unknown) => e));
    for (let i = 0; i < 3; i++) (await server.next()).fail(401, 'Not signed in');
    const errors = await Promise.all(calls);
    expect(errors.map((e) => (e as ApiClientError).status)).toEqual([401, 401, 401]);
    expect(signOuts).toEqual(['']);
  });

  it('a late 401 of a token already replaced by a new sign-in signs nobody out', async () => {
    const { server, $token, session } = setUp('token-A');
    const old = session.call(hearts.getHeartStatus(1)).catch((e: unknown) => e);
    const request = await server.next();
    $token.set('token-B');
    request.fail(401);
    expect(((await old) as ApiClientError).status).toBe(401);
    expect($token.get()).toBe('token-B');
  });
});

describe('reads', () => {
  it('share one request among every store of the same read, and cache the answer', async () => {
    const { server, queries } = setUp();
    const first = queries.read(people.getPerson(5));
    const second = queries.read(people.getPerson(5));
    first.listen(() => undefined);
    second.listen(() => undefined);
    (await server.next()).answer({ id: 5, hearts: 3 });
    await until(second, (v) => v.data !== undefined);
    expect(first.get().data).toEqual({ id: 5, hearts: 3 });
    expect(server.sent()).toEqual(['GET /people/5']);
  });

  it("wait for a member's token, and keep each member's answers apart", async () => {
    const { server, $token, queries } = setUp('');
    const $state = queries.read(hearts.getHeartStatus(9));
    const seen: unknown[] = [];
    $state.subscribe((v) => seen.push(v.data));
    expect(server.requests).toHaveLength(0);

    $token.set('token-A');
    const forA = await server.next();
    expect(forA.token).toBe('token-A');
    forA.answer(status(4, true));
    await until($state, (v) => v.data !== undefined);

    // signing out forgets the answer; the next member's is read for them, never shown from A's
    $token.set('');
    await until($state, (v) => v.data === undefined);
    $token.set('token-B');
    const forB = await server.next();
    expect(forB.token).toBe('token-B');
    expect($state.get().loading).toBe(true);
    expect($state.get().data).toBeUndefined();
    forB.answer(status(4, false));
    await until($state, (v) => v.data !== undefined);
    expect(seen.filter(Boolean)).toEqual([status(4, true), status(4, false)]);
  });

  it('follow a store of reads, and never show an older read in place of a newer one', async () => {
    const { server, queries } = setUp();
    const $read = atom(dramas.listSeasonDramas({ year: 2024, page: 1 }));
    const $page = queries.read($read);
    $page.listen(() => undefined);
    const older = await server.next();
    $read.set(dramas.listSeasonDramas({ year: 2025, page: 1 }));
    const newer = await server.next();
    expect([older.path, newer.path]).toEqual(['/dramas/seasons?year=2024&page=1', '/dramas/seasons?year=2025&page=1']);
    newer.answer({ items: [], total: 2025 });
    await until($page, (v) => v.data !== undefined);
    older.answer({ items: [], total: 2024 });
    await older; // the older answer arrives last
    await Promise.resolve();
    expect($page.get().data).toEqual({ items: [], total: 2025 });
  });
});

describe('the toggle helper', () => {
  it("shows a press at once (flag and counter), then the server's answer", async () => {
    const setup = setUp();
    const { heart, shown } = await heartOf(setup);
    const done = heart.toggle();
    expect(shown()).toEqual(status(11, true));
    expect(heart.$status.get()).toEqual({ pending: true, failure: null });
    const write = await setup.server.next();
    expect(`${write.method} ${write.path}`).toBe('POST /people/7/heart');
    write.answer(status(12, true)); // someone else's heart arrived meanwhile
    await done;
    expect(shown()).toEqual(status(12, true));
    expect(heart.$status.get()).toEqual({ pending: false, failure: null });
  });

  it('rolls the state back and says so when the change fails', async () => {
    const setup = setUp();
    const { heart, shown, seen } = await heartOf(setup, status(10, true));
    const done = heart.toggle();
    expect(shown()).toEqual(status(9, false));
    (await setup.server.next()).fail(500, 'boom');
    await done;
    expect(shown()).toEqual(status(10, true));
    expect(seen.filter(Boolean)).toEqual([status(10, true), status(9, false), status(10, true)]);
    expect(heart.$status.get()).toEqual({ pending: false, failure: { message: 'Failed to update heart. Please try again.', signIn: false } });
  });

  it('reads the state again on a 400 (the button was stale), with no message', async () => {
    const setup = setUp();
    const { heart, shown } = await heartOf(setup, status(10, false));
    const done = heart.toggle();
    (await setup.server.next()).fail(400, 'You have already given this person a heart');
    const reread = await setup.server.next();
    expect(`${reread.method} ${reread.path}`).toBe('GET /people/7/heart-status');
    reread.answer(status(11, true)); // given in another tab
    await done;
    expect(shown()).toEqual(status(11, true));
    expect(heart.$status.get().failure).toBeNull();
    expect(setup.server.sent()).toEqual(['GET /people/7/heart-status', 'POST /people/7/heart', 'GET /people/7/heart-status']);
  });

  it('a failed re-read rolls back and says so', async () => {
    const setup = setUp();
    const { heart, shown } = await heartOf(setup, status(10, false));
    const done = heart.toggle();
    (await setup.server.next()).fail(400);
    (await setup.server.next()).fail(503);
    await done;
    expect(shown()).toEqual(status(10, false));
    expect(heart.$status.get().failure?.message).toBe('Failed to update heart. Please try again.');
  });

  it('a 401 signs out once, rolls back and asks to sign in', async () => {
    const setup = setUp();
    const { heart, $state } = await heartOf(setup, status(10, false));
    const signOuts: string[] = [];
    setup.$token.listen((value) => signOuts.push(value));
    const done = heart.toggle();
    (await setup.server.next()).fail(401);
    await done;
    expect(signOuts).toEqual(['']);
    expect(heart.$status.get().failure).toEqual({ message: 'Please log in to give hearts to people', signIn: true });
    // signed out, the member's status is no longer shown at all
    await until($state, (v) => v.data === undefined);
  });

  it('sends presses made while a change is on its way one at a time, in order, and only what differs', async () => {
    const setup = setUp();
    const { heart, shown } = await heartOf(setup, status(10, false));
    const done = heart.toggle(); // on
    void heart.toggle(); // off again
    expect(shown()).toEqual(status(10, false));
    const give = await setup.server.next();
    expect(setup.server.requests).toHaveLength(2); // the status read and this write: nothing sent alongside
    give.answer(status(11, true));
    const takeBack = await setup.server.next();
    expect(`${takeBack.method} ${takeBack.path}`).toBe('DELETE /people/7/heart');
    expect(shown()).toEqual(status(10, false));
    takeBack.answer(status(10, false));
    await done;
    expect(shown()).toEqual(status(10, false));

    // three quick presses: one change
    const again = heart.toggle();
    void heart.toggle();
    void heart.toggle();
    expect(shown()).toEqual(status(11, true));
    (await setup.server.next()).answer(status(11, true));
    await again;
    expect(setup.server.sent().slice(3)).toEqual(['POST /people/7/heart']);
    expect(shown()).toEqual(status(11, true));
  });

  it('asks a signed-out visitor to sign in and sends nothing', async () => {
    const setup = setUp();
    const { heart } = await heartOf(setup);
    setup.$token.set('');
    await heart.toggle();
    expect(heart.$status.get().failure).toEqual({ message: 'Please log in to give hearts to people', signIn: true });
    expect(setup.server.sent()).toEqual(['GET /people/7/heart-status']);
  });

  it('when the state could not be read, a press says so and reads it again', async () => {
    const setup = setUp();
    const $state = setup.queries.read(hearts.getHeartStatus(8));
    $state.listen(() => undefined);
    (await setup.server.next()).fail(503);
    await until($state, (v) => v.error !== undefined);
    const heart = createToggle<HeartState>(
      {
        cell: cachedAnswer($state, setup.queries),
        isOn: (s) => s.has_hearted,
        flip: (s) => s,
        write: () => hearts.giveHeart(8),
        messages: { failed: 'Failed', signedOut: 'Sign in' },
      },
      setup.session,
    );
    await heart.toggle();
    expect(heart.$status.get().failure?.message).toBe('Failed');
    (await setup.server.next()).answer(status(2, false));
    await until($state, (v) => v.data !== undefined);
    expect(setup.server.sent()).toEqual(['GET /people/8/heart-status', 'GET /people/8/heart-status']);
  });
});

// A reaction of a comment (the comments issue will bring the real calls): one of like, love and
// laugh, or none, with a counter per reaction.
type Reaction = 'like' | 'love' | 'laugh';
interface Reactions {
  counts: Record<Reaction, number>;
  mine: Reaction | null;
}
const reactions = (like: number, love: number, laugh: number, mine: Reaction | null = null): Reactions => ({ counts: { like, love, laugh }, mine });
const getReactions = (id: number) => read<Reactions>(`/comments/${id}/reaction`);
const react = (id: number, next: Reaction | null) =>
  next ? write<Reactions>('PUT', `/comments/${id}/reaction`, { json: { reaction: next } }) : write<Reactions>('DELETE', `/comments/${id}/reaction`);

/** The reactions of comment 5 as a choice, with their state read and shown. */
async function reactionsOf(setup: ReturnType<typeof setUp>, start = reactions(3, 1, 0)) {
  const { server, session, queries } = setup;
  const $state = queries.read(getReactions(5));
  const seen: (Reactions | undefined)[] = [];
  $state.subscribe((value) => seen.push(value.data));
  (await server.next()).answer(start);
  await until($state, (v) => v.data !== undefined);
  const choice = createChoice<Reactions, Reaction>(
    {
      cell: cachedAnswer($state, queries),
      chosen: (s) => s.mine,
      choose: (s, next) => {
        const counts = { ...s.counts };
        if (s.mine) counts[s.mine] -= 1;
        if (next) counts[next] += 1;
        return { counts, mine: next };
      },
      write: (next) => react(5, next),
      messages: { failed: 'Failed to react. Please try again.', signedOut: 'Please log in to react' },
    },
    session,
  );
  const shown = () => $state.get().data;
  return { $state, choice, shown, seen };
}

describe('the choice helper', () => {
  it("shows a choice at once (the choice and each counter), then the server's answer", async () => {
    const setup = setUp();
    const { choice, shown } = await reactionsOf(setup);
    const done = choice.choose('love');
    expect(shown()).toEqual(reactions(3, 2, 0, 'love'));
    expect(choice.$status.get()).toEqual({ pending: true, failure: null });
    const write = await setup.server.next();
    expect(`${write.method} ${write.path}`).toBe('PUT /comments/5/reaction');
    write.answer(reactions(4, 2, 0, 'love')); // someone else's like arrived meanwhile
    await done;
    expect(shown()).toEqual(reactions(4, 2, 0, 'love'));
    expect(choice.$status.get()).toEqual({ pending: false, failure: null });
  });

  it('choosing another option switches; choosing the current one clears it', async () => {
    const setup = setUp();
    const { choice, shown } = await reactionsOf(setup, reactions(3, 1, 0, 'like'));
    const switched = choice.choose('laugh');
    expect(shown()).toEqual(reactions(2, 1, 1, 'laugh'));
    const put = await setup.server.next();
    expect([put.method, put.path, put.token]).toEqual(['PUT', '/comments/5/reaction', 'token-A']);
    put.answer(reactions(2, 1, 1, 'laugh'));
    await switched;
    const cleared = choice.choose('laugh');
    expect(shown()).toEqual(reactions(2, 1, 0, null));
    const del = await setup.server.next();
    expect(`${del.method} ${del.path}`).toBe('DELETE /comments/5/reaction');
    del.answer(reactions(2, 1, 0, null));
    await cleared;
    expect(shown()).toEqual(reactions(2, 1, 0, null));
  });

  it('rolls the state back and says so when the change fails', async () => {
    const setup = setUp();
    const { choice, shown, seen } = await reactionsOf(setup, reactions(3, 1, 0, 'like'));
    const done = choice.choose('love');
    expect(shown()).toEqual(reactions(2, 2, 0, 'love'));
    (await setup.server.next()).fail(500, 'boom');
    await done;
    expect(shown()).toEqual(reactions(3, 1, 0, 'like'));
    expect(seen.filter(Boolean)).toEqual([reactions(3, 1, 0, 'like'), reactions(2, 2, 0, 'love'), reactions(3, 1, 0, 'like')]);
    expect(choice.$status.get()).toEqual({ pending: false, failure: { message: 'Failed to react. Please try again.', signIn: false } });
  });

  it('reads the state again on a 400 (the choice shown was stale), with no message', async () => {
    const setup = setUp();
    const { choice, shown } = await reactionsOf(setup);
    const done = choice.choose('like');
    (await setup.server.next()).fail(400);
    const reread = await setup.server.next();
    expect(`${reread.method} ${reread.path}`).toBe('GET /comments/5/reaction');
    reread.answer(reactions(3, 2, 0, 'love')); // chosen in another tab
    await done;
    expect(shown()).toEqual(reactions(3, 2, 0, 'love'));
    expect(choice.$status.get().failure).toBeNull();
  });

  it('settles rapid choices to the last intent, one write at a time, sending only what differs', async () => {
    const setup = setUp();
    const { choice, shown } = await reactionsOf(setup);
    const done = choice.choose('like');
    void choice.choose('love');
    void choice.choose('laugh');
    expect(shown()).toEqual(reactions(3, 1, 1, 'laugh'));
    const first = await setup.server.next();
    expect(setup.server.requests).toHaveLength(2); // the read and this write: nothing sent alongside
    expect([first.method, first.path, first.json]).toEqual(['PUT', '/comments/5/reaction', { reaction: 'like' }]);
    first.answer(reactions(4, 1, 0, 'like'));
    // the server has 'like'; the last wish, 'laugh', is shown over its answer and sent next
    expect(shown()).toEqual(reactions(3, 1, 1, 'laugh'));
    const last = await setup.server.next();
    expect(last.json).toEqual({ reaction: 'laugh' });
    last.answer(reactions(3, 1, 1, 'laugh'));
    await done;
    expect(shown()).toEqual(reactions(3, 1, 1, 'laugh'));
    expect(setup.server.sent()).toEqual(['GET /comments/5/reaction', 'PUT /comments/5/reaction', 'PUT /comments/5/reaction']);

    // a double choice (the second clears it): the choice and its way back, in that order
    const again = choice.choose('love');
    void choice.choose('love');
    expect(shown()).toEqual(reactions(3, 1, 0, null));
    const put = await setup.server.next();
    expect(put.json).toEqual({ reaction: 'love' });
    put.answer(reactions(3, 2, 0, 'love'));
    const del = await setup.server.next();
    expect(`${del.method} ${del.path}`).toBe('DELETE /comments/5/reaction');
    del.answer(reactions(3, 1, 0, null));
    await again;
    expect(shown()).toEqual(reactions(3, 1, 0, null));
  });

  it('asks a signed-out visitor to sign in and sends nothing', async () => {
    const setup = setUp();
    const { choice } = await reactionsOf(setup);
    setup.$token.set('');
    await choice.choose('like');
    expect(choice.$status.get().failure).toEqual({ message: 'Please log in to react', signIn: true });
    expect(setup.server.sent()).toEqual(['GET /comments/5/reaction']);
  });
});
