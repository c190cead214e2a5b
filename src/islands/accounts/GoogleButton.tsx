import { useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { beginSocialSignIn } from '../../lib/accounts/social-sign-in.ts';

/**
 * 'Continue with Google': asks the API for the provider's address and goes there. If that fails,
 * the browser goes straight to the authorize path (spec 1 §8), unless the server says sign-in is off.
 * Either way the tab first keeps a one-time value that the landing page must get back with the
 * token (src/lib/accounts/social-sign-in.ts).
 */
export function GoogleButton({ label, failure, locale }: { label: string; failure: string; locale: Locale }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setError(null);
    const state = beginSocialSignIn();
    try {
      const { authorization_url } = await session.call(api.startGoogleSignIn(state));
      if (authorization_url) return window.location.assign(authorization_url);
      throw new Error('no address'); // (not shown: `failure` is)
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 503) {
        // sign-in with Google is off here: the server's words on an English page, the form's elsewhere
        setError(locale === 'en' && e.detail ? e.detail : failure);
        setBusy(false);
        return;
      }
      setError(failure);
      window.location.assign(api.googleSignInRedirect(state));
    }
  };
  return (
    <>
      {error && (
        <p role="alert" className="mb-3 text-sm text-danger">
          {error}
        </p>
      )}
      <button
        type="button"
        onClick={start}
        disabled={busy}
        className="flex w-full items-center justify-center gap-2 rounded-lg border border-line-strong bg-surface px-4 py-2.5 font-medium text-fg hover:bg-surface-muted disabled:opacity-60"
      >
        <svg aria-hidden="true" viewBox="0 0 48 48" width="18" height="18">
          <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
          <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
          <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
          <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
        </svg>
        {label}
      </button>
    </>
  );
}
