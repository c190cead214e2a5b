import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { logger } from '../../src/lib/server/logger.ts';
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
    // The message is written after the answer.
    const files = await vi.waitFor(() => {
      const names = fs.readdirSync(path.join(dataDir, 'mail')).filter((name) => name.endsWith('.eml'));
      expect(names).toHaveLength(1);
      return names;
    });
    expect(files[0]).toMatch(/outbox@example\.com\.eml$/);
    const eml = fs.readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('Subject: Verify your DramaList email');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml.replace(/=\r?\n/g, '')).toMatch(/http:\/\/dramalist\.test\/verify-email\?token=3D[\w-]+|http:\/\/dramalist\.test\/verify-email\?token=[\w-]+/);
  });

  it('logs the link of a message it writes, except in production (a reset link opens the account)', async () => {
    const info = vi.spyOn(logger, 'info');
    try {
      for (const nodeEnv of ['development', 'production'] as const) {
        process.env.NODE_ENV = nodeEnv;
        reloadEnv();
        info.mockClear();
        const res = await server.request('/api/v1/auth/forgot-password', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'outbox@example.com' }),
        });
        expect(res.status).toBe(200);
        // Written, then logged, after the answer.
        const [fields] = await vi.waitFor(() => {
          // this message's line: the verification mail of the test before is logged after its file is
          // written, so its line can arrive here, after mockClear
          const call = info.mock.calls.find(
            ([fields, message]) => message === 'mail written to the outbox (no SMTP_URL)' && (fields as { subject?: string }).subject !== 'Verify your DramaList email',
          );
          expect(call).toBeDefined();
          return call as [Record<string, unknown>];
        });
        expect(fs.existsSync(String(fields.file))).toBe(true);
        expect(fields.subject).toBe('Reset your DramaList password');
        if (nodeEnv === 'production') expect(JSON.stringify(fields)).not.toMatch(/token=|password-reset/);
        else expect(fields.link).toMatch(/^http:\/\/dramalist\.test\/password-reset\?token=[\w-]+$/);
      }
    } finally {
      process.env.NODE_ENV = 'test';
      reloadEnv();
      info.mockRestore();
    }
  });
});
