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

const NEXT_KEY = 'auth_next';
const NEXT_TTL_MS = 24 * 3600_000;

/**
 * Remembers where a guarded page sent the visitor from, across the detour of registering and
 * verifying the e-mail (the link may open in another tab, hence localStorage), for a day.
 */
export function rememberNext(path: string) {
  try {
    localStorage.setItem(NEXT_KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // storage unavailable: the ?next= parameter still works
  }
}

/** Where to go after signing in: ?next=, else the remembered page, else home; clears the memory. */
export function takeNextPath(search: string): string {
  let remembered: string | undefined;
  try {
    const saved = JSON.parse(localStorage.getItem(NEXT_KEY) ?? 'null') as { path: string; at: number } | null;
    if (saved && Date.now() - saved.at < NEXT_TTL_MS) remembered = saved.path;
    localStorage.removeItem(NEXT_KEY);
  } catch {
    // ignore unreadable storage
  }
  return safeNextPath(new URLSearchParams(search).get('next') ?? remembered);
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
