import { useId, useState } from 'react';
import * as profilesApi from '../../lib/api/operations/profiles.ts';
import { $user } from '../accounts/auth-store.ts';
import { session } from '../shared/data-layer/session.ts';
import type { Words } from '../shared/words.tsx';
import type { WatchListNamespaces } from './list-parts.tsx';

/** The owner's switch: their lists visible to them only (PUT /users/me {lists_private}). */
export function PrivacySwitch({ value, t }: { value: boolean; t: Words<WatchListNamespaces> }) {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const hint = useId();
  const press = async () => {
    if (pending) return;
    setPending(true);
    setFailed(false);
    try {
      const saved = await session.call(profilesApi.updateCurrentUser({ lists_private: !value }));
      $user.set(saved.user);
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
      <button
        type="button"
        role="switch"
        aria-checked={value}
        aria-describedby={hint}
        aria-busy={pending || undefined}
        onClick={() => void press()}
        className="group inline-flex items-center gap-2 rounded-lg py-1 text-sm font-medium text-fg"
      >
        <span aria-hidden="true" className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full ring-1 transition-colors ${value ? 'bg-accent ring-accent' : 'bg-surface-strong ring-line-strong'}`}>
          <span className={`inline-block size-5 rounded-full shadow-card transition-transform ${value ? 'translate-x-5 bg-surface' : 'translate-x-0.5 bg-fg-muted'}`} />
        </span>
        {t('watchList.private.switch')}
      </button>
      <span id={hint} className="text-sm text-fg-muted">
        {value ? t('watchList.private.hintOn') : t('watchList.private.hintOff')}
      </span>
      {failed && (
        <span role="alert" className="basis-full text-sm text-danger">
          {t('watchList.private.failed')}
        </span>
      )}
    </div>
  );
}
