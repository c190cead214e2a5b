import { INTL_LOCALE, type Locale } from './locales.ts';

/**
 * The message runtime shared by Astro pages and islands: interpolation of `{name}` and plural
 * forms chosen by Intl.PluralRules. It holds no messages itself, so an island that imports it
 * carries only the few hundred bytes below; its words come as props (see island-messages.ts).
 */

/** a message with plural forms: `{ one: '{count} drama', other: '{count} dramas' }` */
export interface PluralMessage {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}
export type Message = string | PluralMessage;
export interface MessageTree {
  [key: string]: Message | MessageTree;
}

/** The same shape with any words: what a translation of the English tree must provide. */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends { other: string } ? PluralMessage : Translation<T[K]>;
};

/** 'auth.login.title' for every leaf of a tree */
export type MessageKey<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string | { other: string } ? `${P}${K}` : MessageKey<T[K], `${P}${K}.`>;
}[keyof T & string];

export type Params = Record<string, string | number>;
export type Translator<T> = (key: MessageKey<T>, params?: Params) => string;

export const isPlural = (value: unknown): value is PluralMessage =>
  typeof value === 'object' && value !== null && typeof (value as PluralMessage).other === 'string';

const lookup = (tree: MessageTree, key: string): Message | undefined => {
  let node: Message | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || isPlural(node)) return undefined;
    node = (node as MessageTree)[part];
  }
  return typeof node === 'string' || isPlural(node) ? node : undefined;
};

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** `{name}` → params.name; numbers are written the locale's way (12,345 / 12.345) */
export function interpolate(locale: Locale, text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (typeof value === 'number') {
      const tag = INTL_LOCALE[locale];
      let format = numberFormats.get(tag);
      if (!format) numberFormats.set(tag, (format = new Intl.NumberFormat(tag)));
      return format.format(value);
    }
    return value;
  });
}

/** Picks the plural form for `count` (Intl.PluralRules of the locale), then interpolates. */
export function render(locale: Locale, message: Message, params?: Params): string {
  if (typeof message === 'string') return interpolate(locale, message, params);
  const count = Number(params?.count ?? 0);
  const tag = INTL_LOCALE[locale];
  let rules = pluralRules.get(tag);
  if (!rules) pluralRules.set(tag, (rules = new Intl.PluralRules(tag)));
  const form = count === 0 && message.zero !== undefined ? 'zero' : rules.select(count);
  return interpolate(locale, message[form as keyof PluralMessage] ?? message.other, params);
}

/**
 * A translator over one message tree. A missing key is a bug the catalogue test catches; at run
 * time it shows the key itself rather than nothing.
 */
export function createTranslator<T extends MessageTree>(locale: Locale, tree: T): Translator<T> {
  return (key, params) => {
    const message = lookup(tree, key);
    return message === undefined ? key : render(locale, message, params);
  };
}
