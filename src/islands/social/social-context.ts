import { createContext, useContext } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { CurrentUser, Post } from '../../lib/api/wire/index.ts';
import type { Words } from '../shared/words.tsx';

export type DialogKind = 'reply' | 'repost' | 'edit' | 'delete' | 'detach';
export interface OpenDialog {
  kind: DialogKind;
  id: number;
}

/** What every post of the feed (and of a post's page) shares. */
export interface SocialContext {
  /** the member, or null for a visitor (no actions) */
  user: CurrentUser | null;
  locale: Locale;
  t: Words<'social' | 'islandsShared'>;
  /** opens the thread of a post (the modal on /social, with its own address; the page itself elsewhere) */
  openThread(id: number): void;
  /** opens a post's reply, repost/quote, edit, delete or detach dialog */
  openDialog(dialog: OpenDialog): void;
  /** one's new post or quote (the feed shows it first) */
  created(post: Post): void;
}

export const SocialCtx = createContext<SocialContext | null>(null);

export function useSocial(): SocialContext {
  const ctx = useContext(SocialCtx);
  if (!ctx) throw new Error('useSocial outside a SocialCtx provider');
  return ctx;
}

/** a post's own address, without the language prefix */
export const postPath = (id: number) => `/social/post/${id}`;
