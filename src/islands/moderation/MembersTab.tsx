import { useId, useState, type FormEvent } from 'react';
import { formatDate } from '../../i18n/format.ts';
import { islandTranslator } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import * as api from '../../lib/api/operations/moderation.ts';
import { getUserByUsername } from '../../lib/api/operations/profiles.ts';
import type { MemberModerationAction, ModeratedMember } from '../../lib/api/wire/index.ts';
import { profilePath } from '../../lib/profiles/profile-links.ts';
import { canActOnMember, isSelf } from '../../lib/users/permissions.ts';
import { session } from '../shared/data-layer/session.ts';
import { Avatar } from '../shared/Avatar.tsx';
import { Alert, Spinner } from '../shared/form-ui.tsx';
import { RoleBadge } from '../shared/RoleBadge.tsx';
import { MemberActionForm } from './MemberActionForm.tsx';
import type { ModerationTabProps } from './ModerationArea.tsx';

const LOG_PAGE = 10;

interface Found {
  member: ModeratedMember;
  actions: MemberModerationAction[];
  total: number;
  page: number;
}

type Lookup = { state: 'idle' } | { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'found'; found: Found };

/** Look a member up by username: who they are, their suspension, their moderation log, the moderation form. */
export function MembersTab({ i18n, viewer }: ModerationTabProps) {
  const t = islandTranslator(i18n);
  const id = useId();
  const [username, setUsername] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });

  const readLog = async (userId: number, page: number) => session.call(api.getMemberModeration(userId, page, LOG_PAGE));

  const find = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim().replace(/^@/, '');
    if (!name) return;
    setLookup({ state: 'loading' });
    try {
      const user = await session.call(getUserByUsername(name, 'member'));
      const log = await readLog(user.id, 1);
      setLookup({ state: 'found', found: { member: log.member, actions: log.items, total: log.total, page: 1 } });
    } catch (e) {
      setLookup({ state: e instanceof ApiClientError && (e.status === 404 || e.status === 400) ? 'missing' : 'failed' });
    }
  };

  const more = async (found: Found) => {
    const log = await readLog(found.member.id, found.page + 1);
    setLookup({ state: 'found', found: { ...found, actions: [...found.actions, ...log.items], total: log.total, page: found.page + 1 } });
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-fg">
        {t('moderation.members.heading')}
      </h2>
      <form onSubmit={find} className="mt-3 flex max-w-md flex-wrap items-end gap-2" role="search">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-username`} className="mb-1 block text-sm font-medium text-fg">
            {t('moderation.members.username')}
          </label>
          <input
            id={`${id}-username`}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg"
          />
        </div>
        <button
          type="submit"
          disabled={lookup.state === 'loading'}
          className="rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent-strong disabled:opacity-60"
        >
          {lookup.state === 'loading' ? t('moderation.members.looking') : t('moderation.members.lookup')}
        </button>
      </form>
      <div className="mt-6">
        {lookup.state === 'loading' && <Spinner label={t('moderation.members.looking')} />}
        {lookup.state === 'missing' && <Alert tone="info">{t('moderation.members.notFound')}</Alert>}
        {lookup.state === 'failed' && <Alert tone="error">{t('moderation.members.failed')}</Alert>}
        {lookup.state === 'found' && (
          <MemberPanel
            key={lookup.found.member.id}
            found={lookup.found}
            i18n={i18n}
            viewer={viewer}
            onAction={async () => {
              const log = await readLog(lookup.found.member.id, 1);
              setLookup({ state: 'found', found: { member: log.member, actions: log.items, total: log.total, page: 1 } });
            }}
            onMore={() => void more(lookup.found)}
          />
        )}
      </div>
    </section>
  );
}

function MemberPanel({ found, i18n, viewer, onAction, onMore }: ModerationTabProps & { found: Found; onAction: () => Promise<void>; onMore: () => void }) {
  const t = islandTranslator(i18n);
  const { member } = found;
  const date = (at: string) => formatDate(i18n.locale, at, 'date-time');
  const may = canActOnMember(viewer, member);
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="member-panel">
      <div className="space-y-4">
        <div className="flex items-center gap-3 rounded-xl border border-line bg-surface p-4">
          <Avatar name={member.name} src={member.avatar} size={48} />
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
              <span className="truncate">{member.name}</span>
              <RoleBadge role={member.role} t={t} />
            </p>
            <p className="truncate text-sm text-fg-muted">@{member.username}</p>
            <p className={`mt-1 text-sm font-medium ${member.suspended_until ? 'text-danger' : 'text-fg-soft'}`} data-testid="member-suspension">
              {member.suspended_until ? t('moderation.members.suspendedUntil', { date: date(member.suspended_until) }) : t('moderation.members.active')}
            </p>
            <a href={localePath(i18n.locale, profilePath(member.username))} className="text-sm font-medium text-accent hover:underline">
              {t('moderation.members.profile')}
            </a>
          </div>
        </div>
        {may ? (
          <MemberActionForm
            i18n={i18n}
            name={member.name}
            suspendedUntil={member.suspended_until}
            send={async (body) => {
              await session.call(api.moderateMember(member.id, body));
              await onAction();
            }}
          />
        ) : (
          <Alert tone="info">{isSelf(viewer, member) ? t('moderation.members.selfNote') : t('moderation.members.staffNote')}</Alert>
        )}
      </div>
      <div>
        <h3 className="text-base font-semibold text-fg">{t('moderation.members.log')}</h3>
        {found.actions.length === 0 ? (
          <p className="mt-2 text-sm text-fg-muted">{t('moderation.members.logEmpty')}</p>
        ) : (
          <ol className="mt-2 space-y-3" data-testid="moderation-log">
            {found.actions.map((action) => (
              <li key={action.id} className="rounded-lg border border-line bg-surface p-3 text-sm">
                <ul className="space-y-0.5 font-medium text-fg">
                  {action.cleared.length > 0 && (
                    <li>{t('moderation.members.cleared', { fields: action.cleared.map((f) => t(`moderation.fields.${f}`)).join(', ') })}</li>
                  )}
                  {action.suspension_changed && (
                    <li>{action.suspend_until ? t('moderation.members.suspended', { date: date(action.suspend_until) }) : t('moderation.members.lifted')}</li>
                  )}
                </ul>
                <p className="mt-1 break-words whitespace-pre-wrap text-fg-soft">{action.note}</p>
                <p className="mt-1 text-xs text-fg-muted">
                  {t('moderation.members.by', { name: action.moderator?.name ?? t('moderation.members.unknownModerator'), date: date(action.created_at) })}
                </p>
              </li>
            ))}
          </ol>
        )}
        {found.actions.length < found.total && (
          <button type="button" onClick={onMore} className="mt-3 text-sm font-semibold text-accent hover:underline">
            {t('moderation.members.more')}
          </button>
        )}
      </div>
    </div>
  );
}
