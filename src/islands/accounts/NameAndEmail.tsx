import { RoleBadge } from '../shared/RoleBadge.tsx';
import type { Words } from '../shared/words.tsx';

/** The member's name with the role badge, and the e-mail below: the head of both account menus. */
export function NameAndEmail({ name, role, email, t }: { name: string; role: string; email: string; t: Words<'islandsShared'> }) {
  return (
    <>
      <p className="flex items-center gap-2 font-semibold text-fg">
        <span className="truncate">{name}</span>
        <RoleBadge role={role} t={t} />
      </p>
      <p className="truncate text-sm text-fg-muted">{email}</p>
    </>
  );
}
