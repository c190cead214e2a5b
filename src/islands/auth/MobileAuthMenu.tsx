import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { logOutToHome } from './auth-store.ts';
import { Avatar } from '../shared/Avatar.tsx';
import { NameAndEmail } from './NameAndEmail.tsx';
import { useAuth } from './use-auth.ts';

const item = 'block rounded-md px-2 py-2 text-base font-medium text-fg hover:bg-accent-soft';

/** The mobile menu's auth part: as the desktop menu, plus View Profile (spec 1 §2.2). */
export default function MobileAuthMenu({ i18n }: { i18n: IslandMessages<'authMenu' | 'islandsShared'> }) {
  const t = islandTranslator(i18n);
  const to = (path: string) => localePath(i18n.locale, path);
  const { state, user } = useAuth();
  if (state === 'loading') {
    return <div data-testid="auth-placeholder" aria-hidden="true" className="skeleton h-10 w-full rounded-full" />;
  }
  if (!user) {
    return (
      <div className="grid grid-cols-2 gap-3">
        <a href={to('/login')} className="rounded-md border border-line-strong px-3 py-2 text-center font-medium text-fg">
          {t('authMenu.login')}
        </a>
        <a href={to('/register')} className="rounded-md bg-accent px-3 py-2 text-center font-medium text-accent-fg">
          {t('authMenu.signUp')}
        </a>
      </div>
    );
  }
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
