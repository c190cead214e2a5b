import { roleBadge } from '../../lib/users/user-display.ts';

/** Blue MOD or red ADMIN; nothing for other roles. */
export function RoleBadge({ role }: { role: string }) {
  const badge = roleBadge(role);
  if (!badge) return null;
  const tone = badge.tone === 'blue' ? 'bg-info-soft text-info' : 'bg-danger-soft text-danger';
  return <span className={`rounded px-1.5 py-0.5 text-[11px] font-bold tracking-wide ${tone}`}>{badge.label}</span>;
}
