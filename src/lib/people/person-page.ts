/**
 * Display rules of the person page (spec 1 §2.7, §5, §8), shared by the pre-rendered and the
 * on-demand routes. Pure functions only: no DOM, no server imports.
 */
import type { Catalogue } from '../../i18n/catalogue.ts';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Translator } from '../../i18n/translate.ts';
import type { DramaLoadFailure } from '../dramas/drama-detail.ts';

/** The words of the catalogue, in the page's language (src/i18n/page.ts `t`). */
type T = Translator<Pick<Catalogue, 'people' | 'dramas'>>;

/** The filmography's groups in the page's order, keyed as GET /people/{id}/filmography answers. */
export const FILMOGRAPHY_SECTIONS = ['drama', 'movie', 'tv_show', 'special', 'other'] as const;

const ROLE_TYPES = ['main', 'support', 'guest', 'director', 'screenwriter'] as const;

/** 'main' → 'Main Role', 'director' → 'Director'; an unknown word is title-cased ('voice_actor' → 'Voice Actor'). */
export function roleTypeLabel(roleType: string, t: T): string {
  const key = roleType.toLowerCase();
  return (ROLE_TYPES as readonly string[]).includes(key) ? t(`people.roles.${key as (typeof ROLE_TYPES)[number]}`) : titleCase(roleType);
}

function titleCase(word: string): string {
  return word
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/** 'Jun 21, 2003' (en) / '21 de jun. de 2003' (pt-br) from '2003-06-21', read as that calendar day in any time zone; null if unusable. */
export function formatBirthDate(isoDate: string | null | undefined, locale: Locale = 'en'): string | null {
  if (!isoDate || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return null;
  return formatDate(locale, isoDate, 'medium') || null;
}

/** '1 year' / '37 years'; null without an age. */
export function formatAge(age: number | null | undefined, t: T): string | null {
  if (age === null || age === undefined || !Number.isFinite(age) || age < 0) return null;
  return t('people.facts.years', { count: age });
}

/** The heart count as shown beside the heart: '1,234' (en) / '1.234' (pt-br). */
export function formatHearts(hearts: number, locale: Locale = 'en'): string {
  return formatNumber(locale, Math.max(0, Math.trunc(hearts)));
}

/** The spec's message for a failed load of the person page (spec 1 §8 "Person page"). */
export function personLoadErrorMessage(failure: DramaLoadFailure, t: T): string {
  if ('status' in failure) {
    if (failure.status === 500) return t('people.load.serverError');
    return t('people.load.status', { status: String(failure.status) });
  }
  if ('noResponse' in failure) return t('dramas.load.connection');
  return t('people.load.unknown');
}
