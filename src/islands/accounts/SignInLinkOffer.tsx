import { useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { signInLinkProblem } from './sign-in-link-problem.ts';
import { withNode } from '../shared/words.tsx';

/**
 * Shown by the sign-in form when sign-in was refused for too many attempts (a 429): the member can
 * have a one-time sign-in link e-mailed to the address typed (docs/decisions/032).
 */
export function SignInLinkOffer({ i18n, email }: { i18n: IslandMessages<'auth'>; email: string }) {
  const t = islandTranslator(i18n);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setError(null);
    setBusy(true);
    try {
      await session.call(api.requestSignInLink({ email }));
      setSentTo(email);
    } catch (e) {
      setError(signInLinkProblem(e, i18n.locale, t, t('auth.login.linkOffer.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="sign-in-link-offer" data-testid="sign-in-link-offer" className="mb-4 rounded-lg border border-accent-muted bg-accent-soft px-4 py-3 text-sm text-fg">
      <h2 id="sign-in-link-offer" className="font-semibold text-accent-strong">
        {t('auth.login.linkOffer.title')}
      </h2>
      {sentTo ? (
        <p role="status" className="mt-1">
          {withNode(t('auth.login.linkOffer.sent'), 'email', <strong>{sentTo}</strong>)}
        </p>
      ) : (
        <>
          <p className="mt-1">{t('auth.login.linkOffer.body')}</p>
          {error && (
            <p role="alert" className="mt-2 text-danger">
              {error}
            </p>
          )}
          <button
            type="button"
            onClick={send}
            disabled={busy || !email}
            className="mt-3 rounded-lg bg-accent px-4 py-2 font-semibold text-accent-fg hover:bg-accent-strong disabled:opacity-60"
          >
            {busy ? t('auth.login.linkOffer.busy') : t('auth.login.linkOffer.submit')}
          </button>
        </>
      )}
    </section>
  );
}
