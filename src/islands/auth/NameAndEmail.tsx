import { RoleBadge } from '../shared/RoleBadge.tsx';

/** The member's name with the role badge, and the e-mail below: the head of both account menus. */
export function NameAndEmail({ name, role, email }: { name: string; role: string; email: string }) {
  return (
    <>
      <p className="flex items-center gap-2 font-semibold text-fg">
        <span className="truncate">{name}</span>
        <RoleBadge role={role} />
      </p>
      <p className="truncate text-sm text-fg-muted">{email}</p>
    </>
  );
}
