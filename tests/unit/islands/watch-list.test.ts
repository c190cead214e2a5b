import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { islandMessages } from '../../../src/i18n/catalogue.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import type { CurrentUser, ListEntry, ListStatus, ListSummary } from '../../../src/lib/api/wire/index.ts';
import { $user } from '../../../src/islands/accounts/auth-store.ts';
import AddDramaDialog from '../../../src/islands/lists/AddDramaDialog.tsx';
import { WatchListScreen, type Loaded } from '../../../src/islands/lists/WatchListScreen.tsx';
import WatchListPage from '../../../src/islands/lists/WatchListPage.tsx';

// The watch-list page's island (spec 2 "Watch list page") as it renders each state, in English (the
// spec's words) and in Portuguese, with links that keep the language.

const NAMESPACES = ['watchList', 'watchStatus', 'dramaCard', 'islandsShared'] as const;
const i18n = (locale: Locale) => islandMessages(locale, ...NAMESPACES);

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

function entry(id: number, title: string, status: ListStatus, fields: Partial<ListEntry> = {}): ListEntry {
  return {
    drama_id: id,
    drama: { id, title, episodes: 16, year: 2020, type: 'drama', country: 'South Korea', rating: 8.5, banner_image: null, poster_image: null, main_photo: null, thumbnail: null, photos: [] },
    status,
    score: 8,
    progress: 4,
    notes: 'Lovely',
    rewatch_count: 0,
    started_at: null,
    finished_at: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    category: status,
    ...fields,
  };
}

function lists(...entries: ListEntry[]): ListSummary[] {
  return (['watching', 'completed', 'plan_to_watch', 'dropped'] as ListStatus[]).map((type, i) => {
    const dramas = entries.filter((e) => e.status === type);
    return { id: 28 + i, list_type: type, name: type, drama_count: dramas.length, dramas };
  });
}

const full = lists(entry(1, 'Signal', 'watching'), entry(2, 'Goblin', 'completed', { score: null, progress: null, notes: null }), entry(3, 'Reply 1988', 'plan_to_watch'));

function screen(locale: Locale, loaded: Loaded, owner: boolean, name = 'ana') {
  return renderToStaticMarkup(
    h(WatchListScreen, {
      loaded,
      owner: owner ? { listsPrivate: false, update: () => undefined } : undefined,
      name,
      profile: name,
      retry: () => undefined,
      i18n: i18n(locale),
    }),
  );
}

const member: CurrentUser = {
  id: 7, email: 'ana@example.test', email_verified: true, lists_private: false, username: 'ana', full_name: 'Ana', name: 'Ana', display_name: 'Ana',
  role: 'user', avatar: null, cover_photo: null, bio: '', created_at: '2026-11-03T12:00:00Z', followers_count: 0, following_count: 0, profile_views: 0,
};

afterEach(() => $user.set(undefined));

describe('the watch-list page', () => {
  it("shows the owner's lists with the spec's English", () => {
    const html = screen('en', { state: 'ready', lists: full }, true);
    const words = text(html);
    for (const phrase of ['Back to Profile', 'Viewing Your Drama List', 'Add Drama', 'Private list', 'All 3', 'Watching 1', 'Completed 1', 'Dropped 0', 'Plan to Watch 1', 'Currently Watching', 'Score 8', 'No score', '4/16 episodes', 'No episodes watched', 'Lovely', 'Edit', 'Sort by', 'Title', 'Score', 'Progress', 'Date Added']) {
      expect(words).toContain(phrase);
    }
    expect(html).toContain('placeholder="Search dramas..."');
    expect(html).toContain('aria-label="Edit Signal"');
    expect(html).toContain('href="/drama/1"');
    expect(html).toContain('href="/user/ana"');
    expect(html).toContain('aria-label="Grid view"');
    // All hides the empty section
    expect(words).not.toContain('Dropped 0 Signal');
    expect(html.match(/<h2/g)).toHaveLength(3);
  });

  it("shows them in Portuguese, with links to the Portuguese pages", () => {
    const html = screen('pt-br', { state: 'ready', lists: full }, true);
    const words = text(html);
    for (const phrase of ['Voltar ao perfil', 'Sua lista de doramas', 'Adicionar dorama', 'Lista privada', 'Todas 3', 'Assistindo 1', 'Concluídos 1', 'Abandonados 0', 'Quero assistir 1', 'Assistindo agora', 'Nota 8', 'Sem nota', '4/16 episódios', 'Nenhum episódio assistido', 'Anotações', 'Editar', 'Ordenar por', 'Título', 'Progresso', 'Data de inclusão']) {
      expect(words).toContain(phrase);
    }
    expect(html).toContain('placeholder="Buscar doramas..."');
    expect(html).toContain('aria-label="Editar Signal"');
    expect(html).toContain('href="/pt-br/drama/1"');
    expect(html).toContain('href="/pt-br/user/ana"');
    expect(words).not.toMatch(/Viewing|Currently|Add Drama/);
  });

  it("shows a visitor another member's lists without Add Drama, Edit or the privacy switch", () => {
    const html = screen('en', { state: 'ready', lists: full }, false, 'bob');
    const words = text(html);
    expect(words).toContain('Viewing bob Drama List');
    expect(words).not.toContain('Add Drama');
    expect(words).not.toContain('Private list');
    expect(html).not.toContain('aria-label="Edit');
  });

  it('words the empty states for the owner and for a visitor, in both languages', () => {
    const none = lists();
    const owner = text(screen('en', { state: 'ready', lists: none }, true));
    expect(owner).toContain('No dramas in any list');
    expect(owner).toContain("You haven't added any dramas to your list yet.");
    expect(owner.match(/Add Drama/g)).toHaveLength(2);
    const visitor = text(screen('en', { state: 'ready', lists: none }, false, 'bob'));
    expect(visitor).toContain('No dramas in any list');
    expect(visitor).toContain('bob has no dramas in their list.');
    expect(visitor).not.toContain('Add Drama');
    const pt = text(screen('pt-br', { state: 'ready', lists: none }, false, 'bob'));
    expect(pt).toContain('Nenhum dorama em nenhuma lista');
    expect(pt).toContain('bob não tem doramas na lista.');
    expect(text(screen('pt-br', { state: 'ready', lists: none }, true))).toContain('Você ainda não adicionou nenhum dorama à sua lista.');
  });

  it('says when loading failed, when the member does not exist, and when the lists are private', () => {
    const failed = screen('en', { state: 'failed' }, true);
    expect(text(failed)).toContain('Failed to load drama lists');
    expect(text(failed)).toContain('Try Again');
    expect(failed).toContain('role="alert"');
    expect(text(screen('en', { state: 'not-found' }, false, 'zed'))).toContain('User not found');
    const hidden = text(screen('en', { state: 'private' }, false, 'bob'));
    expect(hidden).toContain("bob's lists are private");
    expect(hidden).toContain('Back to Profile');
    expect(text(screen('pt-br', { state: 'private' }, false, 'bob'))).toContain('As listas de bob são privadas');
    expect(text(screen('pt-br', { state: 'failed' }, true))).toContain('Não foi possível carregar as listas de doramas');
    expect(text(screen('en', { state: 'loading' }, true))).toContain('Loading drama lists...');
  });

  it('checks the member first, in the page language', () => {
    expect(text(renderToStaticMarkup(h(WatchListPage, { username: 'ana', i18n: i18n('pt-br') })))).toContain('Verificando a autenticação...');
    $user.set(member);
    expect(text(renderToStaticMarkup(h(WatchListPage, { username: 'ana', i18n: i18n('en') })))).toContain('Viewing Your Drama List');
  });

  it('the Add Drama dialog asks for a drama and a status, in both languages', () => {
    const render = (locale: Locale) =>
      renderToStaticMarkup(h(AddDramaDialog, { lists: full, defaultStatus: 'plan_to_watch', onAdded: () => undefined, onClose: () => undefined, i18n: i18n(locale) }));
    const en = text(render('en'));
    for (const phrase of ['Add Drama', 'Search the catalogue', 'Type a title to find a drama.', 'Add to', 'Plan to Watch', 'Add to List', 'Cancel']) expect(en).toContain(phrase);
    const pt = render('pt-br');
    for (const phrase of ['Adicionar dorama', 'Buscar no catálogo', 'Digite um título para encontrar um dorama.', 'Quero assistir', 'Adicionar à lista', 'Cancelar']) expect(text(pt)).toContain(phrase);
    expect(pt).toContain('placeholder="Título de um dorama"');
    expect(pt).toContain('aria-label="Fechar"');
  });
});
