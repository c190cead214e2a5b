import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { resetMailTransport } from '../../src/lib/server/mail/mailer.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';

// Without SMTP_URL, messages are written to DATA_DIR/mail as .eml files.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
const dataDir = path.resolve('.tmp', `outbox-${process.pid}`);

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.DATA_DIR = dataDir;
  reloadEnv();
  resetMailTransport();
  database = await createTestDatabase();
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('mail without SMTP', () => {
  it('writes the message, with its plain-text and HTML parts, to the outbox folder', async () => {
    const res = await server.request('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'outbox@example.com', username: 'outbox', full_name: 'Out Box', password: 'Passw0rdOk' }),
    });
    expect(res.status).toBe(201);
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/outbox@example\.com\.eml$/);
    const eml = fs.readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('Subject: Verify your DramaList email');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml.replace(/=\r?\n/g, '')).toMatch(/http:\/\/dramalist\.test\/verify-email\?token=3D[\w-]+|http:\/\/dramalist\.test\/verify-email\?token=[\w-]+/);
  });
});
