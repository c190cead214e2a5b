/** Where sign-in returns to (spec 1 §2.1: guarded routes remember the origin location). */

/** A same-site path from `next`, or '/' when it is missing or points elsewhere. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

/** The sign-in address that comes back to `path` (with its query) afterwards. */
export function loginUrlFor(path: string): string {
  return path && path !== '/' ? `/login?next=${encodeURIComponent(path)}` : '/login';
}

const NOTICE_KEY = 'auth_notice';

/** Leaves a green notice for the next page (e.g. the sign-in page after a password reset). */
export function leaveNotice(message: string) {
  try {
    sessionStorage.setItem(NOTICE_KEY, message);
  } catch {
    // storage unavailable: the notice is a nicety
  }
}

/** Takes (and clears) the notice left by the previous page. */
export function takeNotice(): string | null {
  try {
    const message = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    return message;
  } catch {
    return null;
  }
}
