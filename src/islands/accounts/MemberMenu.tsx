import { isStaff } from '../../lib/users/permissions.ts';
import { useEffect, useId, useRef, useState } from 'react';
import type { CurrentUser } from '../../lib/api/wire/index.ts';
import { logOutToHome } from './auth-store.ts';
import { Avatar } from '../shared/Avatar.tsx';
import type { Words } from '../shared/words.tsx';
import { NameAndEmail } from './NameAndEmail.tsx';

/**
 * The navbar's avatar menu of a signed-in member (spec 1 §2.2): loaded by AuthMenu only when a
 * member is signed in, so a signed-out visitor's page does not carry it.
 */
export default function MemberMenu({ user, t, to }: { user: CurrentUser; t: Words<'authMenu' | 'islandsShared'>; to: (path: string) => string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  const name = user.full_name || user.username;
  return (
    <div ref={root} className="relative flex w-44 shrink-0 justify-end">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('authMenu.accountMenu', { name })}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full p-0.5 pr-2 hover:bg-surface-subtle"
      >
        <Avatar name={name} src={user.avatar} />
        <span className="max-w-28 truncate text-sm font-medium text-fg">{name}</span>
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute top-12 right-0 z-50 w-64 rounded-lg border border-line bg-surface p-2 shadow-lg"
        >
          <div className="border-b border-line px-3 pt-1 pb-3">
            <NameAndEmail name={name} role={user.role} email={user.email} t={t} />
          </div>
          <a href={to(`/user/${encodeURIComponent(user.username)}`)} className="mt-1 block rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-subtle">
            {t('authMenu.profile')}
          </a>
          <a href={to('/profile/suggestions')} className="block rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-subtle">
            {t('authMenu.mySuggestions')}
          </a>
          {isStaff(user) && (
            <a href={to('/moderation')} className="block rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-subtle" data-testid="moderation-link">
              {t('authMenu.moderation')}
            </a>
          )}
          <button
            type="button"
            onClick={() => void logOutToHome(to('/'))}
            className="block w-full rounded-md px-3 py-2 text-left text-sm text-fg hover:bg-surface-subtle"
          >
            {t('authMenu.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
