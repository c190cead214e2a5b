import { LOCALES, type Locale } from './locales.ts';
import { createTranslator, type MessageTree, type Translator } from './translate.ts';
import common from './messages/common.ts';
import profileEdit from './messages/profile-edit.ts';
import layout from './messages/layout.ts';
import home from './messages/home.ts';
import errors from './messages/errors.ts';
import dramas from './messages/dramas.ts';
import dramaCard from './messages/drama-card.ts';
import people from './messages/people.ts';
import rankedLists from './messages/ranked-lists.ts';
import dramaSearch from './messages/drama-search.ts';
import staticPages from './messages/static-pages.ts';
import meta from './messages/meta.ts';
import calendarPage from './messages/calendar-page.ts';
import activity from './messages/activity.ts';
// the islands' namespaces (docs/decisions/019, "Islands and their words")
import auth from './messages/auth.ts';
import authMenu from './messages/auth-menu.ts';
import calendar from './messages/calendar.ts';
import dramaFilters from './messages/drama-filters.ts';
import hearts from './messages/hearts.ts';
import islandsShared from './messages/islands-shared.ts';
import photoGallery from './messages/photo-gallery.ts';
import profile from './messages/profile.ts';
import profileMember from './messages/profile-member.ts';
import follow from './messages/follow.ts';
import searchBox from './messages/search-box.ts';
import watchStatus from './messages/watch-status.ts';
import watchList from './messages/watch-list.ts';
import uploadProblems from './messages/upload-problems.ts';
import blocks from './messages/blocks.ts';
import blockList from './messages/block-list.ts';
import comments from './messages/comments.ts';
import social from './messages/social.ts';
import catalogueEditing from './messages/catalogue-editing.ts';
import editDialog from './messages/edit-dialog.ts';
import editReview from './messages/edit-review.ts';
import moderation from './messages/moderation.ts';
import personEdit from './messages/person-edit.ts';

/**
 * The one message catalogue: a namespace per feature (src/i18n/messages/<feature>.ts), English
 * first and each translation typed against it, so a missing key fails `npm run check`; the
 * catalogue test also compares keys, placeholders and plural forms at run time.
 *
 * Pages (Astro, server side) import this module; islands never do (they would carry every
 * language): they get their namespaces as props from islandMessages() and translate with
 * src/i18n/island.ts.
 */
const NAMESPACES = {
  common,
  profileEdit,
  layout,
  home,
  errors,
  dramas,
  dramaCard,
  people,
  rankedLists,
  dramaSearch,
  staticPages,
  meta,
  calendarPage,
  activity,
  auth,
  authMenu,
  calendar,
  dramaFilters,
  hearts,
  islandsShared,
  photoGallery,
  profile,
  profileMember,
  follow,
  searchBox,
  watchStatus,
  watchList,
  uploadProblems,
  blocks,
  blockList,
  comments,
  social,
  catalogueEditing,
  editDialog,
  editReview,
  moderation,
  personEdit,
} satisfies Record<string, Record<Locale, MessageTree>>;

type Namespaces = typeof NAMESPACES;
export type Namespace = keyof Namespaces;
export type Catalogue = { [N in Namespace]: Namespaces[N]['en'] };

export const CATALOGUES = Object.fromEntries(
  LOCALES.map((locale) => [locale, Object.fromEntries(Object.entries(NAMESPACES).map(([name, tree]) => [name, tree[locale]]))]),
) as Record<Locale, Catalogue>;

/** `t('common.states.loading')` in a page or component */
export const translator = (locale: Locale): Translator<Catalogue> => createTranslator(locale, CATALOGUES[locale] as unknown as MessageTree) as Translator<Catalogue>;

/** What an island receives: its locale and only the namespaces it asks for, in that locale. */
export interface IslandMessages<N extends Namespace> {
  locale: Locale;
  messages: Pick<Catalogue, N>;
}

export function islandMessages<N extends Namespace>(locale: Locale, ...names: N[]): IslandMessages<N> {
  const messages = {} as Pick<Catalogue, N>;
  for (const name of names) (messages as Record<string, unknown>)[name] = CATALOGUES[locale][name];
  return { locale, messages };
}
