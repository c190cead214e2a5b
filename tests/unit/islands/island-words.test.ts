import { createElement as h, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { islandMessages, type Namespace } from '../../../src/i18n/catalogue.ts';
import { localePath, type Locale } from '../../../src/i18n/locales.ts';
import { islandTranslator } from '../../../src/i18n/island.ts';
import { defaultBounds } from '../../../src/lib/drama-search/drama-filter-options.ts';
import type { CurrentUser, Post, PostAuthor } from '../../../src/lib/api/wire/index.ts';
import { $user } from '../../../src/islands/accounts/auth-store.ts';
import AuthMenu from '../../../src/islands/accounts/AuthMenu.tsx';
import ForgotPasswordForm from '../../../src/islands/accounts/ForgotPasswordForm.tsx';
import LoginForm from '../../../src/islands/accounts/LoginForm.tsx';
import MemberMenu from '../../../src/islands/accounts/MemberMenu.tsx';
import MobileAuthMenu from '../../../src/islands/accounts/MobileAuthMenu.tsx';
import MobileMemberMenu from '../../../src/islands/accounts/MobileMemberMenu.tsx';
import OAuthCallback from '../../../src/islands/accounts/OAuthCallback.tsx';
import PasswordResetForm from '../../../src/islands/accounts/PasswordResetForm.tsx';
import RegisterForm from '../../../src/islands/accounts/RegisterForm.tsx';
import VerifyEmail from '../../../src/islands/accounts/VerifyEmail.tsx';
import Calendar from '../../../src/islands/calendar/Calendar.tsx';
import DramaFilterPanel, { type PanelProps } from '../../../src/islands/drama-search/DramaFilterPanel.tsx';
import PhotoGallery from '../../../src/islands/dramas/PhotoGallery.tsx';
import SearchBox from '../../../src/islands/navbar-search/SearchBox.tsx';
import { HeartButton } from '../../../src/islands/hearts/HeartButton.tsx';
import OwnProfile from '../../../src/islands/profiles/OwnProfile.tsx';
import EditProfile from '../../../src/islands/profiles/EditProfile.tsx';
import { BlockControl } from '../../../src/islands/blocks/BlockControl.tsx';
import Comments from '../../../src/islands/comments/Comments.tsx';
import SocialFeed from '../../../src/islands/social/SocialFeed.tsx';
import { PostCard } from '../../../src/islands/social/PostCard.tsx';
import { forgetPosts, remember } from '../../../src/islands/social/post-store.ts';
import { SocialCtx } from '../../../src/islands/social/social-context.ts';

// The islands as their pages render them (react-dom/server: what a client:load / client:idle island
// is in the HTML, and what a client:only one shows first), in English and in Portuguese: the words
// come from the namespaces their page passes in, and the links they build keep the language.

/** renders an island with its page's messages in `locale` */
function render<P extends object>(island: ComponentType<P>, locale: Locale, namespaces: Namespace[], props?: Omit<P, 'i18n'>): string {
  const component = island as unknown as ComponentType<Record<string, unknown>>;
  return renderToStaticMarkup(h(component, { ...props, i18n: islandMessages(locale, ...namespaces) }));
}

/** the text a reader (or a screen reader) gets, tags dropped and entities read */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const member: CurrentUser = {
  id: 7,
  email: 'ana@example.test',
  email_verified: true,
  lists_private: false,
  username: 'ana',
  full_name: 'Ana Souza',
  name: 'Ana Souza',
  display_name: 'Ana Souza',
  role: 'mod',
  avatar: null,
  cover_photo: null,
  bio: '',
  created_at: '2026-11-03T12:00:00Z',
  followers_count: 1234,
  following_count: 5,
  profile_views: 20500,
};

afterEach(() => {
  $user.set(undefined);
  delete (globalThis as { window?: unknown }).window;
});

describe('the account forms', () => {
  it('sign in in Portuguese, with links to the Portuguese pages', () => {
    const html = render(LoginForm, 'pt-br', ['auth']);
    const words = text(html);
    for (const phrase of ['Entrar', 'Que bom ver você de novo!', 'E-mail', 'Senha', 'Esqueceu a senha?', 'Não tem uma conta?', 'Cadastre-se', 'Continuar com o Google', 'ou']) {
      expect(words).toContain(phrase);
    }
    expect(html).toContain('href="/pt-br/forgot-password"');
    expect(html).toContain('href="/pt-br/register"');
    expect(words).not.toMatch(/Password|Sign up|Forgot/);
  });

  it("sign in in English with the spec's words and the spec's paths", () => {
    const html = render(LoginForm, 'en', ['auth']);
    const words = text(html);
    for (const phrase of ['Sign in', 'Welcome back! Sign in to keep tracking your dramas.', 'Email', 'Password', 'Forgot password?', "Don't have an account?", 'Sign up', 'Continue with Google']) {
      expect(words).toContain(phrase);
    }
    expect(html).toContain('href="/forgot-password"');
    expect(html).toContain('href="/register"');
  });

  it('register in Portuguese, the password checklist included', () => {
    const words = text(render(RegisterForm, 'pt-br', ['auth']));
    for (const phrase of ['Criar conta', 'Nome de usuário', 'Nome completo', 'Confirmar senha', 'Pelo menos 8 caracteres', 'Uma letra maiúscula', 'Um número', '(pendente)', 'Já tem uma conta?', 'Cadastrar']) {
      expect(words).toContain(phrase);
    }
  });

  it('ask for and choose a new password in Portuguese', () => {
    expect(text(render(ForgotPasswordForm, 'pt-br', ['auth']))).toContain('Esqueci a senha');
    expect(render(ForgotPasswordForm, 'pt-br', ['auth'])).toContain('href="/pt-br/login"');
    const reset = text(render(PasswordResetForm, 'pt-br', ['auth']));
    expect(reset).toContain('Redefinir senha');
    expect(reset).toContain('Nova senha');
    expect(reset).toContain('Confirmar nova senha');
  });

  it('say what they are doing while they check a link, in Portuguese', () => {
    expect(text(render(VerifyEmail, 'pt-br', ['auth']))).toContain('Verificando seu e-mail...');
    expect(text(render(OAuthCallback, 'pt-br', ['auth']))).toContain('Processando a autenticação...');
  });
});

describe('the account menus', () => {
  it('offer Login and Sign Up to a visitor, in the page language', () => {
    $user.set(null);
    const pt = render(AuthMenu, 'pt-br', ['authMenu', 'islandsShared']);
    expect(text(pt)).toContain('Entrar');
    expect(text(pt)).toContain('Cadastrar');
    expect(pt).toContain('href="/pt-br/login"');
    expect(pt).toContain('href="/pt-br/register"');
    const en = render(MobileAuthMenu, 'en', ['authMenu', 'islandsShared']);
    expect(text(en)).toContain('Login');
    expect(text(en)).toContain('Sign Up');
    expect(en).toContain('href="/login"');
  });

  it("name a member's menu and links in Portuguese", () => {
    $user.set(member);
    // the signed-in part is a chunk of its own, loaded once a member is signed in: the placeholder first
    expect(render(AuthMenu, 'pt-br', ['authMenu', 'islandsShared'])).toContain('data-testid="auth-placeholder"');
    const t = islandTranslator(islandMessages('pt-br', 'authMenu', 'islandsShared'));
    const to = (path: string) => localePath('pt-br', path);
    expect(renderToStaticMarkup(h(MemberMenu, { user: member, t, to }))).toContain('aria-label="Menu da conta de Ana Souza"');
    const mobile = renderToStaticMarkup(h(MobileMemberMenu, { user: member, t, to }));
    for (const phrase of ['Ver perfil', 'Perfil', 'Sair', 'MOD']) expect(text(mobile)).toContain(phrase);
    expect(mobile).toContain('href="/pt-br/user/ana"');
    expect(mobile).toContain('href="/pt-br/profile"');
  });
});

describe('the heart', () => {
  const t = (locale: Locale) => islandTranslator(islandMessages(locale, 'hearts'));
  const heart = (locale: Locale, hearts: number, failure: { message: string; signIn: boolean } | null = null) =>
    renderToStaticMarkup(
      h(HeartButton, { name: 'Lee Min-ho', hearts, hasHearted: false, waiting: false, onPress: () => undefined, failure, locale, t: t(locale) }),
    );

  it('counts likes the Portuguese way, singular and plural', () => {
    const many = heart('pt-br', 12345, { message: t('pt-br')('hearts.needsLogin'), signIn: true });
    expect(many).toContain('aria-label="Curtir Lee Min-ho"');
    expect(text(many)).toContain('12.345 curtidas');
    expect(text(many)).toContain('Entre para curtir pessoas Entrar');
    expect(many).toContain('href="/pt-br/login"');
    expect(text(heart('pt-br', 1))).toContain('1 curtida');
  });

  it("keeps the spec's English", () => {
    const html = heart('en', 12345, { message: t('en')('hearts.needsLogin'), signIn: true });
    expect(html).toContain('aria-label="Give Lee Min-ho a heart"');
    expect(text(html)).toContain('12,345 hearts');
    expect(text(html)).toContain('Please log in to give hearts to people Log in');
    expect(text(heart('en', 1))).toContain('1 heart');
    expect(t('en')('hearts.failed')).toBe('Failed to update heart. Please try again.');
  });
});

describe('the calendar', () => {
  it('names its seasons, views and scope in Portuguese', () => {
    $user.set(member);
    (globalThis as { window?: unknown }).window = { location: { search: '?year=2025&quarter=1', pathname: '/pt-br/calendar' } };
    const words = text(render(Calendar, 'pt-br', ['calendar', 'calendarPage', 'islandsShared']));
    for (const phrase of ['Calendário de doramas', 'Ano anterior', 'Próximo ano', 'Grade', 'Lista', 'T1 Inverno/Primavera (jan-mar)', 'T4 Outono/Inverno (out-dez)', 'T1 Inverno/Primavera (jan-mar) de 2025', 'Limpar filtro']) {
      expect(words).toContain(phrase);
    }
  });

  it('says it is checking the member in Portuguese until it knows', () => {
    expect(text(render(Calendar, 'pt-br', ['calendar', 'calendarPage', 'islandsShared']))).toContain('Verificando a autenticação...');
  });

  it("counts dramas with the spec's English, and the Portuguese way", () => {
    const en = islandTranslator(islandMessages('en', 'calendarPage'));
    const pt = islandTranslator(islandMessages('pt-br', 'calendarPage'));
    expect(en('calendarPage.found', { count: 1234 })).toBe('1,234 drama(s) found');
    expect(pt('calendarPage.found', { count: 1234 })).toBe('1.234 dorama(s) encontrado(s)');
  });
});

describe('the block control of a profile', () => {
  it("names its '⋯' button for the member in the page's language", () => {
    const control = (locale: Locale) =>
      renderToStaticMarkup(h(BlockControl, { member: { id: 9, username: 'bo' }, t: islandTranslator(islandMessages(locale, 'blocks')), onChange: () => {} }));
    expect(control('en')).toContain('aria-label="More actions for @bo"');
    expect(control('pt-br')).toContain('aria-label="Mais ações para @bo"');
    expect(control('en')).toContain('aria-expanded="false"');
  });

  it('says what a block does, in both languages', () => {
    const en = islandTranslator(islandMessages('en', 'blocks'));
    const pt = islandTranslator(islandMessages('pt-br', 'blocks'));
    expect(en('blocks.confirm.title', { username: 'bo' })).toBe('Block @bo?');
    expect(pt('blocks.confirm.title', { username: 'bo' })).toBe('Bloquear @bo?');
    const enList = islandTranslator(islandMessages('en', 'blockList'));
    const ptList = islandTranslator(islandMessages('pt-br', 'blockList'));
    expect(enList('blockList.empty')).toBe('You have not blocked anyone.');
    expect(ptList('blockList.empty')).toBe('Você não bloqueou ninguém.');
    expect(enList('blockList.blockedOn', { date: 'Nov 28, 2026' })).toBe('Blocked on Nov 28, 2026');
    expect(ptList('blockList.pageOf', { page: '1', pages: '2' })).toBe('Página 1 de 2');
  });
});

describe('/profile/edit', () => {
  it("the spec's Portuguese on the form: 'Apenas letras e números', and the access-denied panel when no member is loaded", () => {
    $user.set(member);
    const form = text(render(EditProfile, 'pt-br', ['profileEdit', 'uploadProblems', 'blockList', 'islandsShared']));
    for (const phrase of ['Editar perfil', 'Nome de usuário', 'Apenas letras e números', 'Nome completo', 'Biografia', 'Salvar alterações', 'Cancelar']) {
      expect(form).toContain(phrase);
    }
    // below the form, the member's block list (its members load once the page runs)
    for (const phrase of ['Membros bloqueados', 'Quem você bloqueia não pode comentar no seu perfil', 'Carregando membros bloqueados...']) {
      expect(form).toContain(phrase);
    }
    const english = text(render(EditProfile, 'en', ['profileEdit', 'uploadProblems', 'blockList', 'islandsShared']));
    expect(english).toContain('Blocked members');
    expect(english).toContain("Members you block can't comment on your profile, reply to or react to your comments, or follow you.");
    $user.set(null);
    const denied = text(render(EditProfile, 'pt-br', ['profileEdit']));
    expect(denied).toContain('Acesso negado');
    expect(denied).toContain('Não foi possível carregar os dados do usuário. Por favor, tente recarregar a página ou faça login novamente.');
    expect(denied).toContain('Ir para o login');
    $user.set(undefined);
    expect(text(render(EditProfile, 'en', ['profileEdit']))).toContain('Loading profile...');
  });
});

describe('/profile', () => {
  it('says it is loading the profile, in Portuguese and in English, on its way to /user/{username}', () => {
    $user.set(member);
    expect(text(render(OwnProfile, 'pt-br', ['profile', 'islandsShared']))).toContain('Carregando perfil...');
    expect(text(render(OwnProfile, 'en', ['profile', 'islandsShared']))).toContain('Loading profile...');
  });
});

describe('the search islands', () => {
  it('the navbar search box asks in Portuguese and searches the Portuguese pages', () => {
    const html = render(SearchBox, 'pt-br', ['searchBox']);
    expect(html).toContain('placeholder="Buscar doramas e pessoas"');
    expect(html).toContain('aria-label="Doramas e pessoas"');
    expect(html).toContain('action="/pt-br/search/drama"');
    expect(render(SearchBox, 'en', ['searchBox'])).toContain('placeholder="Search dramas &amp; people"');
  });

  it('the filter panel labels its fields in Portuguese', () => {
    const bounds = defaultBounds(new Date(Date.UTC(2026, 5, 1)));
    const props: Omit<PanelProps, 'i18n'> = {
      path: '/pt-br/search/drama',
      options: { genres: [{ value: 1, label: 'Romance' }], tags: [], countries: [{ value: 'South Korea', label: 'South Korea' }], types: [], statuses: [], bounds },
      state: { q: '', genres: [], tags: [], countries: [], types: [], statuses: [], year: [bounds.year.min, bounds.year.max], ep: [0, 100], rt: [0, 10], sortBy: null, page: 1 },
      defaults: {},
      formId: 'filters',
      resultsId: 'results',
    };
    const html = render(DramaFilterPanel, 'pt-br', ['dramaFilters'], props);
    const words = text(html);
    for (const phrase of ['Filtros', 'Título', 'Gêneros', 'Tags', 'Qualquer tag', 'País', 'Ano', 'Episódios', 'Nota', 'De', 'Até', 'Aplicar filtros', 'Limpar']) {
      expect(words).toContain(phrase);
    }
    for (const label of ['Filtrar doramas', 'Ano inicial', 'Ano máximo', 'Mínimo de episódios', 'Nota máxima']) expect(html).toContain(`aria-label="${label}"`);
    expect(html).toContain('placeholder="Buscar títulos"');
    expect(html).toContain('label="2027+ (em breve)"');
    const english = render(DramaFilterPanel, 'en', ['dramaFilters'], props);
    for (const label of ['Filter dramas', 'Year from', 'Maximum year', 'Minimum episodes', 'Maximum rating']) expect(english).toContain(`aria-label="${label}"`);
    expect(english).toContain('label="2027+ (Upcoming)"');
  });
});

describe('the photo gallery', () => {
  it('labels its photos in Portuguese', () => {
    const html = render(PhotoGallery, 'pt-br', ['photoGallery'], { photos: ['/media/a.jpg', '/media/b.jpg'], title: 'Goblin' });
    expect(html).toContain('aria-label="Fotos"');
    expect(html).toContain('aria-label="Abrir a foto 2 de 2"');
    expect(html).toContain('alt="Goblin, foto 1 de 2"');
    expect(html).toContain('aria-label="Visualizador de fotos"');
  });
});

describe('the comments block', () => {
  const props = (type: 'dorama' | 'profile') => ({ target: { type, id: 12 }, loginHref: '/login?next=%2Fdrama%2F12' });
  it("is titled 'Comments' on a drama page and 'Profile Comments' on a profile, with the sort's words", () => {
    const drama = text(render(Comments, 'en', ['comments', 'islandsShared'], props('dorama')));
    for (const phrase of ['Comments', 'Sort comments', 'Most Recent', 'Oldest', 'Loading comments...']) expect(drama).toContain(phrase);
    expect(drama).not.toContain('Profile Comments');
    expect(text(render(Comments, 'en', ['comments', 'islandsShared'], props('profile')))).toContain('Profile Comments');
  });
  it('in Portuguese', () => {
    const profile = text(render(Comments, 'pt-br', ['comments', 'islandsShared'], props('profile')));
    for (const phrase of ['Comentários do perfil', 'Ordenar comentários', 'Mais recentes', 'Mais antigos', 'Carregando comentários...']) expect(profile).toContain(phrase);
    expect(profile).not.toMatch(/Most Recent|Oldest|Loading/);
  });
});

describe('the community feed', () => {
  it("shows its title, the tabs and 'Loading posts...' first, in English and in Portuguese", () => {
    const en = text(render(SocialFeed, 'en', ['social', 'islandsShared']));
    for (const phrase of ['Community', 'For You', 'Following', 'Loading posts...']) expect(en).toContain(phrase);
    const pt = text(render(SocialFeed, 'pt-br', ['social', 'islandsShared']));
    for (const phrase of ['Comunidade', 'Para você', 'Seguindo', 'Carregando publicações...']) expect(pt).toContain(phrase);
    expect(pt).not.toMatch(/For You|Loading/);
  });

  /** a post as a card, for `user` (null: a visitor), in `locale` */
  function card(locale: Locale, user: CurrentUser | null, over: Partial<Post> = {}, repostedBy: PostAuthor | null = null) {
    const messages = islandMessages(locale, 'social', 'islandsShared');
    const author: PostAuthor = { id: 3, username: 'bo', full_name: 'Bo Kim', name: 'Bo Kim', avatar: null, role: 'user' };
    remember({
      id: 41, content: 'Hello @ana ||the twist||', author_id: 3, author, created_at: new Date(Date.now() - 5 * 60_000).toISOString(), updated_at: '', edited: false,
      media_url: null, parent_id: null, kind: 'post', quoted_post: null, quote_detached: false, spoiler: false, reply_control: 'everyone', deleted: false,
      replies_count: 2, reposts_count: 1, likes_count: 3, is_liked: true, is_reposted: false, can_reply: true, ...over,
    });
    const ctx = { user, locale, t: islandTranslator(messages), openThread: () => undefined, openDialog: () => undefined, created: () => undefined };
    return renderToStaticMarkup(h(SocialCtx.Provider, { value: ctx }, h(PostCard, { id: 41, repostedBy })));
  }

  it("a post: author to the profile, '5m', counts; for a visitor no actions; a spoiler hidden until opened", () => {
    const html = card('en', null);
    expect(html).toContain('href="/user/bo"');
    expect(text(html)).toContain('5m');
    expect(text(html)).toContain('3 likes');
    expect(html).not.toContain('data-action');
    expect(html).not.toContain('the twist');
    expect(text(html)).toContain('Show spoiler');
    forgetPosts();
  });

  it("another member's post says 'No actions available'; the author's has Edit and Delete; a repost says who", () => {
    const other = text(card('en', { ...member, id: 99, role: 'user' }, {}, { id: 8, username: 'cy', full_name: 'Cy', name: 'Cy', avatar: null, role: 'user' }));
    expect(other).toContain('No actions available');
    expect(other).toContain('Reposted by Cy');
    forgetPosts();
    const own = text(card('pt-br', { ...member, id: 3, role: 'user' }, { spoiler: true, kind: 'quote', quoted_post: null, quote_detached: true }));
    for (const phrase of ['Editar', 'Excluir', 'Esta publicação contém spoilers.', 'Mostrar spoiler', 'Citação removida pelo autor', '5 min']) expect(own).toContain(phrase);
    expect(own).not.toContain('Nenhuma ação disponível');
    forgetPosts();
  });
});
