import { roleBadge } from '../../lib/users/user-display.ts';
import type { Words } from './words.tsx';

/** Blue MOD or red ADMIN; nothing for other roles. */
export function RoleBadge({ role, t }: { role: string; t: Words<'islandsShared'> }) {
  const badge = roleBadge(role);
  if (!badge) return null;
  const tone = badge.tone === 'blue' ? 'bg-info-soft text-info' : 'bg-danger-soft text-danger';
  const label = t(badge.label === 'MOD' ? 'islandsShared.roles.mod' : 'islandsShared.roles.admin');
  return <span className={`rounded px-1.5 py-0.5 text-[11px] font-bold tracking-wide ${tone}`}>{label}</span>;
}
