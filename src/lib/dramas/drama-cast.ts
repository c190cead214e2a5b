/**
 * The cast rules of the drama page (spec 1 §2.6 Cast tab): defaults for missing role fields and
 * the order main/lead/primary, then support/second, then everyone else. Pure.
 */
import type { Catalogue } from '../../i18n/catalogue.ts';
import type { Translator } from '../../i18n/translate.ts';
import { roleTypeLabel } from '../people/person-page.ts';

type T = Translator<Pick<Catalogue, 'dramas' | 'people'>>;

/** A credit as the page shows it. */
export interface CastMember {
  id: number;
  roleType?: string | null;
  roleName?: string | null;
  person: { id: number; name: string; image?: string | null };
}

/** 0 for main, lead or primary roles, 1 for support or second, 2 for the rest. */
export function castGroup(roleType: string | null | undefined): 0 | 1 | 2 {
  const type = (roleType ?? '').toLowerCase();
  if (/main|lead|primary/.test(type)) return 0;
  if (/support|second/.test(type)) return 1;
  return 2;
}

/** The cast in the spec's order; within a group, the order given (billing order) is kept. */
export function sortCast<T extends Pick<CastMember, 'roleType'>>(cast: readonly T[]): T[] {
  return cast
    .map((member, index) => ({ member, index, group: castGroup(member.roleType) }))
    .sort((a, b) => a.group - b.group || a.index - b.index)
    .map((x) => x.member);
}

/** The role name (the character played), or 'Cast' when there is none. */
export function castRoleName(roleName: string | null | undefined, t: T): string {
  return roleName?.trim() || t('dramas.cast.defaultRoleName');
}


/** The role type as a label ('main' → 'Main Role'), or 'Actor' when there is none. */
export function castRoleType(roleType: string | null | undefined, t: T): string {
  const type = roleType?.trim();
  if (!type) return t('dramas.cast.defaultRoleType');
  return roleTypeLabel(type, t);
}

/** Initials for a portrait placeholder ('Kim Soo Hyun' → 'KS'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}
