/**
 * The security headers of every answer and the pages' Content-Security-Policy (docs/decisions/011).
 *
 * A page is governed by two policies, and a browser enforces both:
 * - Astro's (`security.csp`, configured by `astroCsp` below): script-src and style-src with the
 *   hash of every inline script and style of the build, plus the fetch directives. It travels in a
 *   `<meta http-equiv>` in pre-rendered pages and in a header of pages rendered on demand.
 * - the site server's header (`securityHeaders('page')`): what a `<meta>` policy cannot say
 *   (`frame-ancestors`), and the directives that need no hash, repeated so that they hold even
 *   before the `<meta>` is parsed.
 * The server's policy has no default-src, script-src or style-src, so it never blocks what Astro's
 * allows: together they enforce Astro's policy plus `frame-ancestors 'none'`.
 *
 * This module is imported by astro.config.mjs: it must not read the environment itself.
 */
import { createHash } from 'node:crypto';
import type { AstroUserConfig } from 'astro';

type AstroCsp = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;
type CspDirective = NonNullable<AstroCsp['directives']>[number];

export interface SecuritySettings {
  /** the site's public origin (PUBLIC_URL): HSTS is sent when it is https */
  publicUrl: string;
  /** MEDIA_PUBLIC_URL: pages may show images from its origin */
  mediaPublicUrl?: string;
}

/** The kinds of answer, each with its own policy. */
export type AnswerKind = 'page' | 'media' | 'api' | 'docs';

/** Directives every page's policies carry (Astro's and the server's). */
const PAGE_BASELINE: CspDirective[] = ["object-src 'none'", "base-uri 'none'", "form-action 'self'"];

/** Policies sent as a header, by kind of answer. */
const POLICIES: Record<AnswerKind, string> = {
  page: ["frame-ancestors 'none'", ...PAGE_BASELINE].join('; '),
  // uploaded or generated images: opened on their own (an SVG), nothing in them may run
  media: "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
  // JSON: nothing to load, nothing to frame
  api: "default-src 'none'; frame-ancestors 'none'",
  // Swagger UI at /api/docs: its own files, the OpenAPI document, data: icons in its stylesheet
  docs: [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
};

/**
 * Browser features no page of ours uses: refused to the page and to anything it embeds. Only
 * features Chromium knows (an unknown one is a console error on every page).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
  'browsing-topics',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Headers a browser reads only on a document (or a worker's script, which the build's are not:
 * Pagefind's worker runs only Pagefind's code). The site server leaves them off the build's other
 * files (scripts, stylesheets, the search index); the browser's default referrer policy is the
 * same strict-origin-when-cross-origin.
 */
export const DOCUMENT_ONLY_HEADERS = ['Content-Security-Policy', 'Permissions-Policy', 'Cross-Origin-Opener-Policy', 'Referrer-Policy'];

/** Which policy an answer to `pathname` gets. */
export function answerKind(pathname: string): AnswerKind {
  if (pathname === '/api/docs' || pathname.startsWith('/api/docs/')) return 'docs';
  if (pathname === '/api' || pathname.startsWith('/api/')) return 'api';
  if (pathname.startsWith('/media/')) return 'media';
  return 'page';
}

/** The headers every answer of `kind` carries. */
export function securityHeaders(kind: AnswerKind, settings: Pick<SecuritySettings, 'publicUrl'>): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': POLICIES[kind],
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    // images may be shown by pages on another origin (MEDIA_PUBLIC_URL in front of /media)
    'Cross-Origin-Resource-Policy': kind === 'media' ? 'cross-origin' : 'same-origin',
  };
  if (new URL(settings.publicUrl).protocol === 'https:') headers['Strict-Transport-Security'] = HSTS;
  return headers;
}

/** The origins pages may show images from besides their own. */
function mediaOrigins(settings: Pick<SecuritySettings, 'mediaPublicUrl'>): string[] {
  return settings.mediaPublicUrl ? [new URL(settings.mediaPublicUrl).origin] : [];
}

/** The directives of Astro's page policy other than script-src and style-src (Astro writes those). */
export function pageDirectives(settings: Pick<SecuritySettings, 'mediaPublicUrl'>): CspDirective[] {
  return [
    "default-src 'self'",
    `img-src ${["'self'", 'data:', ...mediaOrigins(settings)].join(' ')}`, // data: the initials avatars
    "connect-src 'self'",
    // Pagefind (the navbar's instant search) runs its search in a worker from /pagefind/
    "worker-src 'self'",
    ...PAGE_BASELINE,
  ];
}

/** The CSP source of a text's SHA-256 (`sha256-…`), as Astro writes it. */
export function sha256Source(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}

/**
 * Astro's `security.csp` setting. Astro hashes the scripts and styles it builds (islands, bundled
 * and inlined modules, scoped styles); `inlineScripts` and `inlineStyles` are the texts of our own
 * `is:inline` ones (src/lib/ui/inline-code.ts). `'wasm-unsafe-eval'` lets Pagefind compile its
 * WebAssembly (it allows WebAssembly, not JavaScript `eval`).
 */
export function astroCsp(settings: Pick<SecuritySettings, 'mediaPublicUrl'>, inline: { scripts: string[]; styles: string[] }): AstroCsp {
  return {
    algorithm: 'SHA-256',
    directives: pageDirectives(settings),
    scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"], hashes: inline.scripts.map(sha256Source) },
    styleDirective: { resources: ["'self'"], hashes: inline.styles.map(sha256Source) },
  };
}
