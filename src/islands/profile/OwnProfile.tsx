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
            <h1 className="text-2xl font-bold text-slate-900">My Profile</h1>
            <div className="mt-6 flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-card sm:flex-row sm:items-center">
              <Avatar name={name} src={user.avatar} size={96} />
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 text-xl font-semibold text-slate-900">
                  {name} <RoleBadge role={user.role} />
                </p>
                <p className="text-slate-600">@{user.username}</p>
                <p className="mt-2 text-slate-700">{user.bio || DEFAULT_BIO}</p>
                <p className="mt-2 text-sm text-slate-500">Joined {format(new Date(user.created_at), 'MMMM yyyy')}</p>
              </div>
              <dl className="grid grid-cols-3 gap-4 text-center">
                {[
                  ['Followers', user.followers_count],
                  ['Following', user.following_count],
                  ['Profile Views', user.profile_views],
                ].map(([label, value]) => (
                  <div key={label}>
                    <dd className="text-xl font-bold text-slate-900">{value}</dd>
                    <dt className="text-xs text-slate-600">{label}</dt>
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
