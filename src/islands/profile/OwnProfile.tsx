import { format } from 'date-fns';
import { Avatar } from '../shared/Avatar.tsx';
import { AuthGuard } from '../auth/AuthGuard.tsx';
import { RoleBadge } from '../shared/RoleBadge.tsx';

const DEFAULT_BIO = 'Drama enthusiast and Asian content lover';

/** /profile: the signed-in member's own profile header (spec 2 'Profile screen'). */
export default function OwnProfile() {
  return (
    <AuthGuard>
      {(user) => {
        const name = user.full_name || user.username;
        return (
          <section className="container-page py-8">
            <h1 className="text-2xl font-bold text-fg">My Profile</h1>
            <div className="mt-6 flex flex-col gap-5 rounded-2xl border border-line bg-surface p-6 shadow-card sm:flex-row sm:items-center">
              <Avatar name={name} src={user.avatar} size={96} />
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 text-xl font-semibold text-fg">
                  {name} <RoleBadge role={user.role} />
                </p>
                <p className="text-fg-muted">@{user.username}</p>
                <p className="mt-2 text-fg-soft">{user.bio || DEFAULT_BIO}</p>
                <p className="mt-2 text-sm text-fg-muted">Joined {format(new Date(user.created_at), 'MMMM yyyy')}</p>
              </div>
              <dl className="grid grid-cols-3 gap-4 text-center">
                {[
                  ['Followers', user.followers_count],
                  ['Following', user.following_count],
                  ['Profile Views', user.profile_views],
                ].map(([label, value]) => (
                  <div key={label}>
                    <dd className="text-xl font-bold text-fg">{value}</dd>
                    <dt className="text-xs text-fg-muted">{label}</dt>
                  </div>
                ))}
              </dl>
            </div>
          </section>
        );
      }}
    </AuthGuard>
  );
}
