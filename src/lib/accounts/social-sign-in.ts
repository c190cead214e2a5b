/**
 * The one-time value that ties a social sign-in to the browser tab that started it. The page keeps
 * it in sessionStorage before leaving for the provider and sends it to the API, which keeps it in
 * the attempt's signed cookie and hands it back with the token (`/oauth/callback?access_token=…&
 * state=…`). The landing page accepts the token only when the value it gets back is the one it kept,
 * so a link carrying someone else's token (login CSRF) signs nobody in. See docs/decisions/009.
 */

const KEY = 'oauth_state';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const session = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage blocked: no sign-in will be accepted
  }
};

/** A fresh random value (22 URL-safe characters, 128 bits), kept for the landing page. */
export function beginSocialSignIn(storage: Storage | undefined = session()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const value = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  try {
    storage?.setItem(KEY, value);
  } catch {
    // storage full or blocked: the landing page will refuse the token, as it should
  }
  return value;
}

/** The kept value, forgotten as it is read: each value is good for one landing. */
export function takeSocialSignInState(storage: Storage | undefined = session()): string | null {
  try {
    const value = storage?.getItem(KEY) ?? null;
    storage?.removeItem(KEY);
    return value;
  } catch {
    return null;
  }
}

/** Whether the landing's value is the one this tab kept (both present and equal). */
export function isOwnSignIn(returned: string | null, kept: string | null): boolean {
  return !!returned && !!kept && returned === kept;
}
