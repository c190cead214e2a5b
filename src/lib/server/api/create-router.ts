import { OpenAPIHono } from '@hono/zod-openapi';
import type { RequestIdVariables } from 'hono/request-id';
import type { TokenSession } from '../auth/access-tokens.ts';
import type { UserRow } from '../services/accounts/accounts.ts';
import { ValidationError } from '../errors.ts';
import { validationError } from './errors.ts';

/**
 * Per-request values: the request id, and once an auth middleware ran, the signed-in user and the
 * token they sent (its id and expiry, for signing that token out).
 */
export type ApiEnv = {
  Variables: RequestIdVariables & { user: UserRow | undefined; session: TokenSession | undefined };
};

/** Where a validation target appears in error messages. */
const targetName = (target: string) => (target === 'json' ? 'body' : target);

/** The path of the first string in `value` that holds a NUL character, or undefined. */
function findNul(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNul(item, [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

type ValidationResult = { success: boolean; target: string; data?: unknown; error?: unknown };

/**
 * PostgreSQL cannot store NUL in text (any query carrying one fails), and no field of ours means
 * to hold one: every validated input (path, query, headers, cookies, body) is refused with a 400
 * naming the field, whatever the route's own schema allows.
 */
function refuseNul(result: ValidationResult) {
  if (!result.success) return;
  const path = findNul(result.data);
  if (!path) return;
  const field = path.join('.') || undefined;
  const where = targetName(result.target);
  const detail = field ? `Invalid ${where} '${field}': must not contain NUL characters` : `Invalid ${where}: must not contain NUL characters`;
  throw new ValidationError(detail, field);
}

const defaultHook = (result: ValidationResult) => {
  if (!result.success) throw validationError(result.error as Parameters<typeof validationError>[0], targetName(result.target));
};

/**
 * A router for one feature. Its routes are declared with `createRoute` and zod schemas, so they
 * are validated and appear in the OpenAPI document; a failed validation is a 400 `{ detail, field }`,
 * and so is a string holding a NUL character, for every route (a route's own hook included).
 */
export function createRouter() {
  const router = new OpenAPIHono<ApiEnv>({
    strict: false, // the spec calls `/dramas/` and `/people/` with a trailing slash
    defaultHook,
  });
  const openapi = router.openapi;
  type Hook = NonNullable<Parameters<typeof openapi>[2]>;
  router.openapi = ((route: Parameters<typeof openapi>[0], handler: Parameters<typeof openapi>[1], hook?: Hook) => {
    const checked = (result: ValidationResult, c: Parameters<Hook>[1]) => {
      refuseNul(result);
      return hook ? hook(result as Parameters<Hook>[0], c) : defaultHook(result);
    };
    return openapi(route, handler, checked as Hook);
  }) as typeof openapi;
  return router;
}
