import { isStaff } from '../../lib/users/permissions.ts';
import type { CurrentUser } from '../../lib/api/wire/index.ts';
import { logOutToHome } from './auth-store.ts';
import { Avatar } from '../shared/Avatar.tsx';
import type { Words } from '../shared/words.tsx';
import { NameAndEmail } from './NameAndEmail.tsx';

const item = 'block rounded-md px-2 py-2 text-base font-medium text-fg hover:bg-accent-soft';

/**
 * The mobile menu's part for a signed-in member (spec 1 §2.2: as the desktop menu, plus View
 * Profile): loaded by MobileAuthMenu only when a member is signed in.
 */
export default function MobileMemberMenu({ user, t, to }: { user: CurrentUser; t: Words<'authMenu' | 'islandsShared'>; to: (path: string) => string }) {
  const name = user.full_name || user.username;
  return (
    <div>
      <div className="flex items-center gap-3 px-2 pb-3">
        <Avatar name={name} src={user.avatar} size={44} />
        <div className="min-w-0">
          <NameAndEmail name={name} role={user.role} email={user.email} t={t} />
        </div>
      </div>
      <a href={to(`/user/${encodeURIComponent(user.username)}`)} className={item}>
        {t('authMenu.viewProfile')}
      </a>
      <a href={to('/profile')} className={item}>
        {t('authMenu.profile')}
      </a>
      <a href={to('/profile/suggestions')} className={item}>
        {t('authMenu.mySuggestions')}
      </a>
      {isStaff(user) && (
        <a href={to('/moderation')} className={item} data-testid="moderation-link">
          {t('authMenu.moderation')}
        </a>
      )}
      <button
        type="button"
        className={`${item} w-full text-left`}
        onClick={() => void logOutToHome(to('/'))}
      >
        {t('authMenu.logout')}
      </button>
    </div>
  );
}
