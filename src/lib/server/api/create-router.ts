import { OpenAPIHono } from '@hono/zod-openapi';
import type { RequestIdVariables } from 'hono/request-id';
import type { UserRow } from '../services/accounts.ts';
import { validationError } from './errors.ts';

/** Per-request values: the request id, and the signed-in user once an auth middleware ran. */
export type ApiEnv = { Variables: RequestIdVariables & { user: UserRow | undefined } };

/**
 * A router for one feature. Its routes are declared with `createRoute` and zod schemas, so they
 * are validated and appear in the OpenAPI document; a failed validation is a 400 `{ detail, field }`.
 */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    strict: false, // the spec calls `/dramas/` and `/people/` with a trailing slash
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, result.target === 'json' ? 'body' : result.target);
    },
  });
}
