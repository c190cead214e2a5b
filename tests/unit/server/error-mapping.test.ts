import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { handleError } from '../../../src/lib/server/api/errors.ts';
import {
  classifyError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ServiceUnavailableError,
  UnauthenticatedError,
  ValidationError,
} from '../../../src/lib/server/errors.ts';
import { pageFailure } from '../../../src/lib/server/services/pages/page-result.ts';

// The one mapping of failures (docs/decisions/016): what the API answers for each error a service
// may throw, and the page state the same error gives a page.
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: Object.assign(new Error('terminating connection'), { code: '57P01' }) });

const cases: [string, Error, number, Record<string, string>, Record<string, string | null>][] = [
  ['ValidationError with a field', new ValidationError('Invalid drama ID', 'id'), 400, { detail: 'Invalid drama ID', field: 'id' }, {}],
  ['ValidationError', new ValidationError('You have already given a heart to this person'), 400, { detail: 'You have already given a heart to this person' }, {}],
  ['UnauthenticatedError', new UnauthenticatedError(), 401, { detail: 'Not authenticated' }, { 'www-authenticate': 'Bearer' }],
  ['UnauthenticatedError with a message', new UnauthenticatedError('Incorrect email or password'), 401, { detail: 'Incorrect email or password' }, { 'www-authenticate': 'Bearer' }],
  ['ForbiddenError', new ForbiddenError(), 403, { detail: "You don't have permission to perform this action" }, { 'www-authenticate': null }],
  ['NotFoundError', new NotFoundError('Person not found'), 404, { detail: 'Person not found' }, {}],
  ['ConflictError', new ConflictError('This username is already taken', 'username'), 409, { detail: 'This username is already taken', field: 'username' }, {}],
  ['RateLimitedError', new RateLimitedError('Too many login attempts. Please try again in 15 minutes.', 'loginByAddress', 899.2), 429, { detail: 'Too many login attempts. Please try again in 15 minutes.' }, { 'retry-after': '900' }],
  ['ServiceUnavailableError', new ServiceUnavailableError('Google sign-in is not configured on this server'), 503, { detail: 'Google sign-in is not configured on this server' }, { 'retry-after': null }],
  ['a refused connection', refused, 503, { detail: 'Service temporarily unavailable' }, { 'retry-after': '5' }],
  ['a query on a connection the server closed', wrapped, 503, { detail: 'Service temporarily unavailable' }, { 'retry-after': '5' }],
  ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')"), 500, { detail: 'Internal server error' }, {}],
  ['a body over the limit', new HTTPException(413, { message: 'Request body too large (limit 10 bytes)' }), 413, { detail: 'Request body too large (limit 10 bytes)' }, { connection: 'close' }],
];

const app = new Hono();
app.onError(handleError);
app.get('/throw/:case', (c) => {
  throw cases[Number(c.req.param('case'))]![1];
});

describe('errors', () => {
  it.each(cases.map((c, i) => [c[0], i, ...c.slice(2)] as const))('%s → the API answers %i', async (_, i, status, body, headers) => {
    const res = await app.request(`/throw/${i}`);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(body);
    for (const [name, value] of Object.entries(headers)) expect(res.headers.get(name), name).toBe(value);
  });

  it.each(cases.filter((c) => !(c[1] instanceof HTTPException)).map((c) => [c[0], c[1], c[2]] as const))(
    '%s → pages and the API classify it alike',
    (_, error, status) => {
      expect(classifyError(error).status).toBe(status);
      const state = pageFailure(error, { test: true });
      expect(state.status).toBe(status);
      if (status === 404) expect(state).toEqual({ kind: 'error', reason: 'not-found', status: 404 });
      else expect(state).toEqual({ kind: 'error', reason: 'failed', status, failure: status === 503 ? { noResponse: true } : { status } });
    },
  );
});
