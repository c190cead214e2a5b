import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { rawRequest } from '../helpers/http.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiServer((api) => {
    // A route that fails unexpectedly, to see what a client gets from a thrown error.
    api.get('/api/v1/__test/explode', () => {
      throw new Error('secret internal detail');
    });
  });
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('GET /api/v1/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await server.request('/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('x-request-id')).toMatch(/\S{8,}/);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', version: expect.any(String) });
  });

  it('accepts a trailing slash and gives details when verbose', async () => {
    const res = await server.request('/api/v1/health/?verbose=true');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.details.database_kind).toBe(database.kind === 'postgres' ? 'postgres' : 'embedded');
    expect(body.details.database_latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('rejects an invalid query value with a 400 naming the field', async () => {
    const res = await server.request('/api/v1/health?verbose=maybe');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.field).toBe('verbose');
    expect(body.detail).toContain('verbose');
  });
});

describe('API errors', () => {
  it('answers an unknown route with a JSON 404', async () => {
    const res = await server.request('/api/v1/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'No route for GET /api/v1/no-such-thing' });
  });

  it('answers a body over the limit with a JSON 413', async () => {
    const res = await server.request('/api/v1/health', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toMatch(/too large/);
  });

  it('keeps a kept-alive connection usable after answering without reading a large body', async () => {
    // A client (or a load balancer) reuses its connection for the next request. The answer to a body
    // nobody read said keep-alive, so the connection must then really serve the next request.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { port } = new URL(server.baseUrl);
    const send = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const headers = body ? { 'Content-Type': 'application/json', 'Content-Length': String(body.length) } : {};
        const req = http.request({ host: '127.0.0.1', port, agent, method, path, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      for (const path of ['/api/v1/no-such-thing', '/api/v1/auth/login']) {
        const refused = await send('POST', path, Buffer.alloc(300_000, 'x'));
        expect(refused.status).toBeGreaterThanOrEqual(400);
        expect(refused.status).toBeLessThan(500);
        await expect(send('GET', '/api/v1/health')).resolves.toEqual({ status: 200, reused: true });
      }
    } finally {
      agent.destroy();
    }
  });

  it('closes the connection after a 413 that did not read the body (issue 19)', async () => {
    // The rest of the body was never read: on a kept-alive connection it would be parsed as the next
    // request. The answer says `Connection: close` and the server ends the connection.
    const { host } = new URL(server.baseUrl);
    const answer = await rawRequest(
      server.baseUrl,
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${5 * 1024 * 1024}\r\nConnection: keep-alive`,
      Buffer.alloc(64 * 1024, 'x'),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).detail).toMatch(/too large/);
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
  });

  it('answers a thrown error with a bare JSON 500 that leaks no internals', async () => {
    const res = await server.request('/api/v1/__test/explode');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ detail: 'Internal server error' });
    expect(text).not.toContain('secret');
    expect(text).not.toContain('at ');
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('documents the routes declared with schemas', async () => {
    const res = await server.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/health'].get.parameters[0].name).toBe('verbose');
    expect(doc.components.schemas.Error.properties.detail.type).toBe('string');
  });

  it('is browsable at /api/docs without loading anything from another host', async () => {
    const res = await server.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('<script src="/api/docs/init.js"></script>');
    const init = await (await server.request('/api/docs/init.js')).text();
    expect(init).toContain('/api/v1/openapi.json');
    expect(init).not.toMatch(/https?:\/\//);
    expect((await server.request('/api/docs/swagger-ui-bundle.js')).status).toBe(200);
  });
});
