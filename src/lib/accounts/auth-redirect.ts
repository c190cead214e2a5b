/** Where sign-in returns to (spec 1 §2.1: guarded routes remember the origin location). */

/** The page's origin in a browser; a placeholder elsewhere (only relative targets resolve to it). */
const pageOrigin = () => (typeof location === 'undefined' ? 'http://same-origin.invalid' : location.origin);

/**
 * Where `next` leads, as a path with its query and hash, when that is on this origin; '/' when it
 * is missing or leads anywhere else. It is resolved as the browser would resolve it (which drops
 * tabs and line breaks and reads backslashes as slashes: '/\t/evil.example' is '//evil.example'),
 * and a path that the browser would itself read as another host ('//host') is refused too.
 */
export function safeNextPath(next: string | null | undefined, origin: string = pageOrigin()): string {
  if (!next) return '/';
  let url: URL;
  try {
    url = new URL(next, `${origin}/`);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith('//')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
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
