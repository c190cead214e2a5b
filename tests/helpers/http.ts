// A small client for the API tests: paths relative to /api/v1, a bearer token and a client address
// per call, and answers read once (status, parsed JSON or text, headers).
//
//   const client = api(server);
//   const res = await client.get(`/people/${id}/heart-status`, { token });
//   expect(res.status).toBe(200);
//   await client.post('/auth/register', { email, ... });          // a JSON body
//   await client.post('/auth/login', form({ username, password })); // a multipart form
//   expectProblem(await client.delete(`/people/${id}/heart`, { token }), 400, 'You have not given a heart to this person');
import net from 'node:net';
import { expect } from 'vitest';
import type { startApiServer } from './api-server.ts';

type Server = Pick<Awaited<ReturnType<typeof startApiServer>>, 'request'>;

export interface CallOptions {
  /** sent as `Authorization: Bearer <token>` */
  token?: string;
  /** sent as `X-Forwarded-For` (the server believes it when TRUST_PROXY says so) */
  address?: string;
  headers?: Record<string, string>;
}

// The answers' bodies have many shapes; tests read them as their assertions need.
export interface ApiResponse<T = any> {
  status: number;
  /** the parsed JSON, or the text when the answer is not JSON (undefined when empty) */
  body: T;
  headers: Headers;
}

/** A form body (multipart), as the sign-in form sends it. */
export function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

function headersFor(options: CallOptions, body?: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (body !== undefined && !(body instanceof FormData) && !(body instanceof URLSearchParams) && typeof body !== 'string') {
    headers['Content-Type'] = 'application/json';
  }
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  if (options.address !== undefined) headers['X-Forwarded-For'] = options.address;
  return { ...headers, ...options.headers };
}

function encode(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || typeof body === 'string') return body;
  return JSON.stringify(body);
}

/** Reads an answer once: its status, headers and body (JSON when it says so). */
export async function readResponse<T = any>(res: Response): Promise<ApiResponse<T>> {
  const text = await res.text();
  let body: unknown = text === '' ? undefined : text;
  if (text !== '' && /\bjson\b/.test(res.headers.get('content-type') ?? '')) body = JSON.parse(text);
  return { status: res.status, body: body as T, headers: res.headers };
}

/** The client of one test server; every path is relative to /api/v1. */
export function api(server: Server) {
  const call = async <T>(method: string, path: string, body: unknown, options: CallOptions = {}): Promise<ApiResponse<T>> =>
    readResponse<T>(await server.request(`/api/v1${path}`, { method, headers: headersFor(options, body), body: encode(body) }));
  return {
    /** any method: `call('DELETE', path, undefined, { token })` */
    call: <T = any>(method: string, path: string, body?: unknown, options?: CallOptions) => call<T>(method, path, body, options),
    get: <T = any>(path: string, options?: CallOptions) => call<T>('GET', path, undefined, options),
    delete: <T = any>(path: string, options?: CallOptions) => call<T>('DELETE', path, undefined, options),
    /** a JSON body, or a FormData / URLSearchParams / string as it is */
    post: <T = any>(path: string, body?: unknown, options?: CallOptions) => call<T>('POST', path, body, options),
    put: <T = any>(path: string, body?: unknown, options?: CallOptions) => call<T>('PUT', path, body, options),
    patch: <T = any>(path: string, body?: unknown, options?: CallOptions) => call<T>('PATCH', path, body, options),
  };
}

/** POST /auth/login with the spec's multipart form: the raw answer (200 with a token, 401, 403, 429…). */
export function login(server: Server, credentials: { email: string; password: string }, options: CallOptions = {}) {
  return api(server).post('/auth/login', form({ username: credentials.email, password: credentials.password }), options);
}

/**
 * Signs the member in through the real sign-in endpoint (counted by its rate limits) and answers the
 * access token; fails the test unless the answer is 200. `tokenFor()` (factories.ts) is the quick way
 * for tests about something else.
 */
export async function signIn(server: Server, member: { email: string; password: string }, options: CallOptions = {}): Promise<string> {
  const res = await login(server, member, options);
  expect(res.status, `signing in as ${member.email}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.access_token;
}

/**
 * Checks an error answer: its status, and the API's problem shape `{ detail, field? }` with nothing
 * else. `detail` (text or pattern) and `field` are checked when given.
 */
export function expectProblem(res: ApiResponse, status: number, detail?: string | RegExp, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = res.body as { detail?: unknown; field?: unknown };
  expect(body).toEqual(body.field === undefined ? { detail: expect.any(String) } : { detail: expect.any(String), field: expect.any(String) });
  expect((body.detail as string).length).toBeGreaterThan(0);
  if (typeof detail === 'string') expect(body.detail).toBe(detail);
  else if (detail) expect(body.detail).toMatch(detail);
  if (field !== undefined) expect(body.field).toBe(field);
}

/**
 * An edit conflict (409, docs/decisions/038 "Conflicts"): `detail` and `field` (the first field) for
 * old clients, and `fields` (every field, wire names, compared as a set) and `reason` for a client to
 * say it in its own language; nothing else.
 */
export function expectEditConflict(res: ApiResponse, fields: string[], reason: 'changed' | 'locked' | 'dates', detail?: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = res.body as { fields: string[]; field: string };
  expect(res.body).toEqual({ detail: expect.any(String), field: expect.any(String), fields: expect.any(Array), reason });
  // every field, in no promised order; `field` is the first of them
  expect([...body.fields].sort()).toEqual([...fields].sort());
  expect(body.field).toBe(body.fields[0]);
  const text = (res.body as { detail: string }).detail;
  for (const field of fields) expect(text).toContain(field);
  if (typeof detail === 'string') expect(text).toBe(detail);
  else if (detail) expect(text).toMatch(detail);
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** the server ended the connection after its answer */
  closed: boolean;
}

/**
 * One request written byte for byte on a fresh TCP connection (no client normalises the path or
 * waits for the body to be read): `head` is the request line and headers without the blank line,
 * `body` what is sent of the body (possibly less than Content-Length announces). Answers the
 * server's answer and whether it then closed the connection (within `closeWithinMs`).
 */
export function rawRequest(baseUrl: string, head: string, body: Buffer = Buffer.alloc(0), closeWithinMs = 2_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`no answer (${closed ? 'closed' : 'open'}): ${JSON.stringify(text)}`));
      settled = true;
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(end + 4), closed });
      socket.destroy();
    };
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!timer && received.includes('\r\n\r\n')) timer = setTimeout(() => finish(false), closeWithinMs);
    });
    socket.on('end', () => (clearTimeout(timer), finish(true)));
    socket.on('close', () => (clearTimeout(timer), finish(true)));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // the server may close while the body is still being written (EPIPE, ECONNRESET): its answer counts
      if (received.includes('\r\n\r\n')) return;
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.write(`${head}\r\n\r\n`);
    if (body.byteLength) socket.write(body);
  });
}
