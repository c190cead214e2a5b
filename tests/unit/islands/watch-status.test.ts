import { atom, type ReadableAtom } from 'nanostores';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { islandMessages } from '../../../src/i18n/catalogue.ts';
import { islandTranslator } from '../../../src/i18n/island.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import { ApiClientError, type ApiRequest } from '../../../src/lib/api/api-client.ts';
import type { ListEntryDetail } from '../../../src/lib/api/wire/index.ts';
import { createQueries } from '../../../src/islands/shared/data-layer/queries.ts';
import { createSession } from '../../../src/islands/shared/data-layer/session.ts';
import { createWatchStatus, type EntryState } from '../../../src/islands/lists/watch-status.ts';
import WatchStatus from '../../../src/islands/lists/WatchStatus.tsx';
import { historyText, problemMessage, WatchStatusDialog, type WatchStatusDialogProps } from '../../../src/islands/lists/WatchStatusDialog.tsx';

// The drama page's watch-status control (src/islands/lists/): its entry and writes over a fake API,
// and its words in both languages.

function entry(fields: Partial<ListEntryDetail> = {}): ListEntryDetail {
  return {
    drama_id: 5,
    drama: { id: 5, title: 'Signal', episodes: 16, year: 2016, type: 'drama', country: 'South Korea', rating: 9.1, banner_image: null, poster_image: null, main_photo: null, thumbnail: null, photos: [] },
    status: 'completed',
    score: 9,
    progress: 16,
    notes: 'Loved it',
    rewatch_count: 1,
    started_at: '2026-10-01',
    finished_at: '2026-11-20',
    created_at: '2026-09-01T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    category: 'completed',
    cycles: [
      { cycle: 1, started_at: '2026-09-01', finished_at: '2026-09-20' },
      { cycle: 2, started_at: '2026-10-01', finished_at: '2026-11-20' },
    ],
    history: [
      { id: 3, kind: 'updated', cycle: 2, status: 'completed', score: 9, progress: 16, previous_status: 'watching', previous_score: 8, previous_progress: 10, timestamp: '2026-11-20T10:00:00Z' },
      { id: 2, kind: 'rewatch', cycle: 2, status: 'watching', score: 8, progress: 0, previous_status: 'completed', previous_score: 8, previous_progress: 16, timestamp: '2026-10-01T10:00:00Z' },
      { id: 1, kind: 'added', cycle: 1, status: 'watching', score: null, progress: 1, previous_status: null, previous_score: null, previous_progress: null, timestamp: '2026-09-01T10:00:00Z' },
    ],
    ...fields,
  };
}

interface Request {
  method: string;
  path: string;
  json: unknown;
  answer(body: unknown): void;
  fail(status: number, detail?: string, field?: string): void;
}

/** A fake API whose requests wait until the test answers them. */
function fakeApi() {
  const requests: Request[] = [];
  const waiting: ((request: Request) => void)[] = [];
  const transport = <T>(path: string, request: ApiRequest) =>
    new Promise<T>((resolve, reject) => {
      const r: Request = {
        method: request.method ?? 'GET',
        path,
        json: request.json,
        answer: (body) => resolve(body as T),
        fail: (status, detail, field) => reject(new ApiClientError(status, detail, field)),
      };
      requests.push(r);
      waiting.shift()?.(r);
    });
  let taken = 0;
  return {
    transport,
    next(): Promise<Request> {
      const r = requests[taken];
      taken += 1;
      return r ? Promise.resolve(r) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

const messages = { failed: 'Failed to update watch status', signedOut: 'Signed out' };

function setUp() {
  const server = fakeApi();
  const session = createSession(atom('token-A'), server.transport);
  const queries = createQueries(session);
  const watch = createWatchStatus(5, messages, queries, session);
  const states: EntryState[] = [];
  watch.$entry.subscribe((s) => states.push(s));
  return { server, watch, states };
}

function until<T>(store: ReadableAtom<T>, ok: (value: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const stop = store.subscribe((value) => {
      if (!ok(value)) return;
      queueMicrotask(() => stop());
      resolve(value);
    });
  });
}

const ready = (s: EntryState) => s.state === 'ready';

describe('the entry and its writes', () => {
  it('reads the entry with the member token; a 404 is no entry', async () => {
    const { server, watch } = setUp();
    const read = await server.next();
    expect(`${read.method} ${read.path}`).toBe('GET /lists/drama/5/status');
    read.fail(404, 'This drama is not on your list');
    expect(await until(watch.$entry, ready)).toEqual({ state: 'ready', entry: null });
  });

  it('says a read that failed otherwise, and reads again on Try Again', async () => {
    const { server, watch } = setUp();
    (await server.next()).fail(500, 'Internal error');
    expect(await until(watch.$entry, (s) => s.state === 'failed')).toEqual({ state: 'failed' });
    watch.retry();
    (await server.next()).answer(entry());
    expect(await until(watch.$entry, ready)).toMatchObject({ entry: { status: 'completed' } });
  });

  it('saves, and shows the answer as the entry', async () => {
    const { server, watch } = setUp();
    (await server.next()).fail(404);
    await until(watch.$entry, ready);
    const saved = watch.save({ status: 'watching', score: 8, progress: 3, notes: null });
    expect(watch.$write.get().pending).toBe('save');
    const post = await server.next();
    expect(`${post.method} ${post.path}`).toBe('POST /lists/drama/5/status');
    expect(post.json).toEqual({ status: 'watching', score: 8, progress: 3, notes: null });
    post.answer(entry({ status: 'watching', score: 8, progress: 3 }));
    expect(await saved).toBe(true);
    expect(watch.$entry.get()).toMatchObject({ state: 'ready', entry: { status: 'watching', progress: 3 } });
    expect(watch.$write.get()).toEqual({ pending: null, failure: null });
  });

  it("says the server's detail when a save breaks a rule, and keeps the entry", async () => {
    const { server, watch } = setUp();
    (await server.next()).answer(entry());
    await until(watch.$entry, ready);
    const saved = watch.save({ status: 'watching', progress: 40 });
    (await server.next()).fail(400, "Episodes watched cannot be more than the drama's 16 episodes", 'progress');
    expect(await saved).toBe(false);
    expect(watch.$write.get().failure).toEqual({ message: "Episodes watched cannot be more than the drama's 16 episodes", field: 'progress', signIn: false });
    expect(watch.$entry.get()).toMatchObject({ entry: { status: 'completed', progress: 16 } });
  });

  it("says 'Failed to update watch status' when the server said nothing, and asks to log in on a 401", async () => {
    const { server, watch } = setUp();
    (await server.next()).answer(entry());
    await until(watch.$entry, ready);
    const lost = watch.save({ status: 'dropped' });
    (await server.next()).fail(0);
    await lost;
    expect(watch.$write.get().failure).toEqual({ message: 'Failed to update watch status', signIn: false });
    const refused = watch.save({ status: 'dropped' });
    (await server.next()).fail(401, 'Not signed in');
    await refused;
    expect(watch.$write.get().failure).toEqual({ message: 'Signed out', signIn: true });
  });

  it('removes the entry: no entry until saved again', async () => {
    const { server, watch } = setUp();
    (await server.next()).answer(entry());
    await until(watch.$entry, ready);
    const removed = watch.remove();
    const del = await server.next();
    expect(`${del.method} ${del.path}`).toBe('DELETE /lists/drama/5/status');
    del.answer(undefined);
    expect(await removed).toBe(true);
    expect(watch.$entry.get()).toEqual({ state: 'ready', entry: null });
    const saved = watch.save({ status: 'plan_to_watch' });
    (await server.next()).answer(entry({ status: 'plan_to_watch' }));
    await saved;
    expect(watch.$entry.get()).toMatchObject({ entry: { status: 'plan_to_watch' } });
  });

  it('starts a rewatch, and sends one write at a time', async () => {
    const { server, watch } = setUp();
    (await server.next()).answer(entry());
    await until(watch.$entry, ready);
    const rewatch = watch.rewatch();
    expect(await watch.save({ status: 'dropped' })).toBe(false);
    const post = await server.next();
    expect(`${post.method} ${post.path}`).toBe('POST /lists/drama/5/rewatch');
    post.answer(entry({ status: 'watching', progress: 0, rewatch_count: 2 }));
    expect(await rewatch).toBe(true);
    expect(watch.$entry.get()).toMatchObject({ entry: { status: 'watching', rewatch_count: 2 } });
  });
});

describe('the words, in both languages', () => {
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ');

  const dialog = (locale: Locale, props: Partial<WatchStatusDialogProps> = {}) =>
    renderToStaticMarkup(
      h(WatchStatusDialog, {
        title: 'Signal',
        status: 'completed',
        entry: entry(),
        episodes: 16,
        write: { pending: null, failure: null },
        onSave: async () => true,
        onRemove: async () => true,
        onRewatch: async () => true,
        onEdit: () => undefined,
        onClose: () => undefined,
        locale,
        t: islandTranslator(islandMessages(locale, 'watchStatus')),
        ...props,
      }),
    );

  it("renders nothing for a signed-out visitor (no token: the member part is not even loaded)", () => {
    expect(renderToStaticMarkup(h(WatchStatus, { dramaId: 5, title: 'Signal', episodes: 16, i18n: islandMessages('en', 'watchStatus') }))).toBe('');
  });

  it("offers the spec's statuses and score labels in English", () => {
    const html = dialog('en');
    const words = text(html);
    for (const phrase of ['Edit List Entry', 'Signal', 'Status', 'Watching', 'Completed', 'Plan to Watch', 'Dropped', 'Score', 'No score', '10 - Masterpiece', '9 - Great', '8 - Very Good', '7 - Good', '6 - Fine', '5 - Average', '4 - Bad', '3 - Very Bad', '2 - Horrible', '1 - Appalling']) {
      expect(words).toContain(phrase);
    }
    for (const phrase of ['Episodes watched', 'of 16 episodes', 'Notes', '8/2,000 characters', 'Started', 'Finished', 'Rewatch', 'Remove from List', 'Cancel', 'Save', 'History']) {
      expect(words).toContain(phrase);
    }
    expect(html).toContain('aria-label="One episode more"');
    expect(html).toMatch(/<input[^>]*type="number"[^>]*max="16"/);
    expect(html).toMatch(/<textarea[^>]*maxLength="2000"/);
  });

  it('shows the history: the viewings and each change with its time', () => {
    const words = text(dialog('en'));
    expect(words).toContain('Viewings · Rewatched once');
    expect(words).toContain('Viewing 1 Sep 1, 2026 to Sep 20, 2026');
    expect(words).toContain('Viewing 2 Oct 1, 2026 to Nov 20, 2026');
    expect(words).toContain('Status: Watching → Completed · Score: 8 → 9 · Episodes watched: 10 → 16');
    expect(words).toContain('Started rewatching (viewing 2)');
    expect(words).toContain('Added as Watching · Episodes watched: — → 1');
    expect(words).toMatch(/Nov 20, 2026, \d{1,2}:\d{2}/);
  });

  it('is all Portuguese in pt-BR', () => {
    const words = text(dialog('pt-br'));
    for (const phrase of ['Editar item da lista', 'Status', 'Assistindo', 'Concluído', 'Quero assistir', 'Abandonado', 'Nota', 'Sem nota', '10 - Obra-prima', '1 - Péssimo', 'Episódios assistidos', 'de 16 episódios', 'Anotações', '8/2.000 caracteres', 'Início', 'Término', 'Reassistir', 'Remover da lista', 'Cancelar', 'Salvar', 'Histórico', 'Reassistido uma vez', '2ª vez', 'Começou a reassistir (2ª vez)', 'Status: Assistindo → Concluído']) {
      expect(words).toContain(phrase);
    }
    expect(words).not.toMatch(/\b(Masterpiece|Watching|Save|Notes|Remove|History)\b/);
  });

  it("a new entry is 'Add to List', with no history, no rewatch and nothing to remove", () => {
    const pt = text(dialog('pt-br', { entry: null, status: 'plan_to_watch' }));
    expect(pt).toContain('Adicionar à lista');
    expect(pt).not.toMatch(/Histórico|Reassistir|Remover/);
    expect(text(dialog('en', { entry: null, status: 'watching' }))).toContain('Add to List');
  });

  it("says a write's failure, with a link to log in when signed out, in the page's language", () => {
    const t = islandTranslator(islandMessages('pt-br', 'watchStatus'));
    const html = dialog('pt-br', { write: { pending: null, failure: { message: t('watchStatus.problems.signedOut'), signIn: true } } });
    expect(text(html)).toContain('Você saiu da sua conta. Entre para salvar a sua lista. Entrar');
    expect(html).toContain('href="/pt-br/login"');
    expect(text(dialog('en', { write: { pending: 'save', failure: null } }))).toContain('Saving…');
  });

  it('words the problems and history lines', () => {
    const en = islandTranslator(islandMessages('en', 'watchStatus'));
    const pt = islandTranslator(islandMessages('pt-br', 'watchStatus'));
    expect(problemMessage({ field: 'progress', problem: 'progressOver', count: 16 }, en)).toBe("Episodes watched cannot be more than the drama's 16 episodes");
    expect(problemMessage({ field: 'progress', problem: 'progressOver', count: 1 }, en)).toBe("Episodes watched cannot be more than the drama's 1 episode");
    expect(problemMessage({ field: 'notes', problem: 'notes', max: 2000 }, pt)).toBe('As anotações podem ter no máximo 2.000 caracteres');
    expect(problemMessage({ field: 'finished_at', problem: 'finishBeforeStart' }, en)).toBe('The finish date cannot be before the start date');
    expect(historyText({ kind: 'score', from: null, to: 7 }, pt)).toBe('Nota: — → 7');
    expect(historyText({ kind: 'status', from: 'plan_to_watch', to: 'dropped' }, pt)).toBe('Status: Quero assistir → Abandonado');
  });
});
