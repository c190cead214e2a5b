import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PostalMime from 'postal-mime';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The deployment recipe (deploy/, README "Deployment") as written: nginx's site file in front of two
// production instances serving one build, on PostgreSQL (TEST_DATABASE_URL's server) or the embedded
// database; the systemd units as systemd reads them.
const root = path.resolve('.tmp', `deploy-${process.pid}-${randomBytes(3).toString('hex')}`);
const site = path.resolve('deploy/nginx/dramalist.conf');
const adminUrl = process.env.TEST_DATABASE_URL;
let databaseUrl = '';
let dbName = '';
const processes: ChildProcess[] = [];
/** nginx in front of the instances, once the live test started it */
let base = '';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  processes.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

const siteEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  DIST_DIR: path.join(root, 'dist'),
  DATA_DIR: path.join(root, 'data'),
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: 'http://dramalist.test',
  JWT_SECRET: 'deploy-test-secret-that-is-long-enough-for-hs256',
  TRUST_PROXY: '1',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
  STATS_INTERVAL_SECONDS: '0',
  PRERENDER_DRAMAS: '5',
  PRERENDER_PEOPLE: '5',
});

async function startInstance() {
  const instance = run(process.execPath, ['--experimental-strip-types', 'scripts/start-site.ts'], siteEnv());
  const port = await new Promise<number>((resolve, reject) => {
    instance.child.stdout!.on('data', () => {
      const ready = instance.output().match(/ready in [\d.]+ s: http:\/\/127\.0\.0\.1:(\d+)\//);
      if (ready) resolve(Number(ready[1]));
    });
    void instance.exited.then((code) => reject(new Error(`instance exited (${code}):\n${instance.output()}`)));
  });
  return { ...instance, port };
}

/** a port nobody listens on right now (nginx cannot listen on port 0) */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** a main nginx.conf around `http` (the site file, as /etc/nginx/nginx.conf includes conf.d/) */
function mainConfig(dir: string, http: string) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'nginx.conf');
  const user = os.userInfo().uid === 0 ? 'user root;\n' : '';
  fs.writeFileSync(
    file,
    `${user}daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\n` +
      `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n${http}\n}\n`,
  );
  return file;
}

beforeAll(async () => {
  fs.mkdirSync(root, { recursive: true });
  if (adminUrl) {
    dbName = `deploy_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const build = run(process.execPath, ['--experimental-strip-types', 'scripts/build-site.ts'], siteEnv());
  expect(await build.exited, build.output()).toBe(0);
});

afterAll(async () => {
  // SIGTERM: nginx's master takes its workers with it (SIGKILL would leave them running)
  const running = processes.filter((c) => c.exitCode === null && c.signalCode === null);
  await Promise.all(
    running.map((child) => {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      return exited;
    }),
  );
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  fs.rmSync(root, { recursive: true, force: true });
});

describe('deployment recipe', () => {
  it('nginx accepts the site file as shipped', () => {
    const conf = mainConfig(path.join(root, 'nginx-t'), `  include ${site};`);
    const test = spawnSync('nginx', ['-t', '-p', path.join(root, 'nginx-t'), '-c', conf, '-e', path.join(root, 'nginx-t', 'error.log')], {
      encoding: 'utf8',
    });
    expect(test.error, 'nginx is not installed: apt-get install nginx').toBeUndefined();
    expect(test.status, test.stderr).toBe(0);
    expect(test.stderr).toContain('syntax is ok');
    expect(test.stderr).toContain('test is successful');
  });

  it('systemd reads the units without a warning', () => {
    const dir = path.join(root, 'units');
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync('deploy/systemd/dramalist@.service', path.join(dir, 'dramalist@4001.service'));
    for (const unit of ['dramalist-rebuild.service', 'dramalist-rebuild.timer', 'dramalist-release.service']) fs.copyFileSync(`deploy/systemd/${unit}`, path.join(dir, unit));
    const units = ['dramalist@4001.service', 'dramalist-rebuild.service', 'dramalist-rebuild.timer', 'dramalist-release.service'].map((u) => path.join(dir, u));
    const verify = spawnSync('systemd-analyze', ['verify', '--man=no', ...units], { encoding: 'utf8' });
    expect(verify.error, 'systemd-analyze is not installed').toBeUndefined();
    expect(verify.stderr.split('\n').filter((line) => line.includes(dir))).toEqual([]);
  });

  it('spreads requests over the instances, which serve one build, and skips an instance that is down', async () => {
    const [first, second] = await Promise.all([startInstance(), startInstance()]);
    const port = await freePort();
    const dir = path.join(root, 'nginx');
    let text = fs.readFileSync(site, 'utf8');
    // the same file, with the instances' and nginx's ports of this run
    text = text.replace(/^\s*server 127\.0\.0\.1:4001 (.*)$/m, `    server 127.0.0.1:${first.port} $1`);
    text = text.replace(/^\s*server 127\.0\.0\.1:4002 (.*)$/m, `    server 127.0.0.1:${second.port} $1`);
    text = text.replace(/^\s*server 127\.0\.0\.1:4003 .*$/m, '');
    text = text.replace(/^\s*listen 80;$/m, `    listen 127.0.0.1:${port};`).replace(/^\s*listen \[::\]:80;$/m, '');
    const directives = text.split('\n').filter((line) => !line.trim().startsWith('#'));
    // (whole port numbers: this run's random ports, e.g. 40015, are not the file's 4001)
    expect(directives.filter((line) => /:400[1-3]\b|listen 80;|\[::\]:80\b/.test(line))).toEqual([]);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'dramalist.conf'), text);
    const nginx = run('nginx', ['-p', dir, '-c', mainConfig(dir, `  include ${dir}/dramalist.conf;`), '-e', path.join(dir, 'error.log')]);
    base = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await fetch(`${base}/api/v1/health`).catch(() => null))?.status, { timeout: 10_000 }).toBe(200);

    const pages = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await fetch(`${base}${i % 2 ? '/' : '/about'}`);
        await res.arrayBuffer();
        return `${res.status} ${res.headers.get('x-build-id')}`;
      }),
    );
    const current = fs.readlinkSync(path.join(root, 'dist', 'current')).split('/').pop();
    expect(new Set(pages)).toEqual(new Set([`200 ${current}`]));

    // one instance killed: requests keep being answered by the other (a refused connection is
    // passed on, whatever the method)
    first.child.kill('SIGKILL');
    await first.exited;
    const after = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res =
          i % 4 === 0
            ? await fetch(`${base}/api/v1/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'nobody@example.org', password: 'Wrong12345' }) })
            : await fetch(`${base}/drama/popular`);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(after.filter((s) => s !== 200 && s !== 401)).toEqual([]);
    expect(after).toContain(401);
    expect(nginx.child.exitCode).toBeNull();
  });

  it('lets a member upload a 9 MB cover through nginx, and answers a body over the limits with a JSON 413', async () => {
    // Before issue 19, `client_max_body_size 2m` everywhere: nginx refused the 5 MB avatars and 10 MB
    // covers the site allows with its own HTML 413.
    expect(base, 'the live test above started nginx').not.toBe('');
    const token = await signUpThroughNginx();
    const bytes = await noiseImage(9 * 1024 * 1024);
    const ticketRes = await fetch(`${base}/api/v1/uploads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ purpose: 'cover', content_type: 'image/png', size: bytes.byteLength }),
    });
    const ticket = (await ticketRes.json()) as { upload_url: string; method: string; headers: Record<string, string>; public_url: string };
    expect(ticketRes.status, JSON.stringify(ticket)).toBe(200);
    const target = new URL(ticket.upload_url, base);
    const put = await fetch(`${base}${target.pathname}${target.search}`, { method: ticket.method, headers: ticket.headers, body: new Uint8Array(bytes) });
    expect(put.status, await put.clone().text()).toBe(204);
    const saved = await fetch(`${base}/api/v1/users/me`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ cover_photo: ticket.public_url }),
    });
    const savedBody = await saved.text();
    expect(saved.status, savedBody).toBe(200);
    const cover = (JSON.parse(savedBody) as { user?: { cover_photo?: string }; cover_photo?: string });
    expect(cover.user?.cover_photo ?? cover.cover_photo).toMatch(/\/media\/uploads\/cover\/.+\.webp$/);

    // over what nginx lets through: its own 413, as JSON with a detail under /api/
    const tooLarge = async (path: string, method: string, size: number) => {
      const res = await fetch(`${base}${path}`, { method, headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(size) }).catch((error: Error) => error);
      if (res instanceof Error) throw res;
      return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
    };
    const overUpload = await tooLarge(`${target.pathname}${target.search}`, 'PUT', 12 * 1024 * 1024);
    expect(overUpload.status).toBe(413);
    expect(overUpload.type).toMatch(/^application\/json/);
    expect(JSON.parse(overUpload.body)).toEqual({ detail: expect.stringMatching(/too large/i) });
    // elsewhere nginx refuses what the API's own limit (BODY_LIMIT, 1 MB) would, before sending it on: its JSON
    for (const size of [1.5 * 1024 * 1024, 3 * 1024 * 1024]) {
      const overApi = await tooLarge('/api/v1/auth/login', 'POST', size);
      expect(overApi.status).toBe(413);
      expect(overApi.type).toMatch(/^application\/json/);
      expect(JSON.parse(overApi.body)).toEqual({ detail: expect.stringMatching(/too large/i) });
    }
  });
});

/** A PNG of random pixels (it does not compress) of about `bytes` bytes, under them. */
async function noiseImage(bytes: number): Promise<Buffer> {
  const width = 1500;
  const height = Math.floor(bytes / (width * 3 + 1)) - 10;
  const png = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  expect(png.byteLength).toBeLessThanOrEqual(bytes);
  expect(png.byteLength).toBeGreaterThan(bytes - 200_000);
  return png;
}

/** Registers a member through nginx, verifies the address with the link of the e-mail (DATA_DIR/mail), signs in. */
async function signUpThroughNginx(): Promise<string> {
  const email = `cover${randomBytes(3).toString('hex')}@example.org`;
  const password = 'Passw0rdOk';
  const registered = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, username: `cover${randomBytes(3).toString('hex')}`, full_name: 'Cover Tester', password }),
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  const mailDir = path.join(root, 'data', 'mail');
  let file: string | undefined;
  await expect
    .poll(() => (file = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).find((f) => f.endsWith(`${email}.eml`)) : undefined), { timeout: 10_000 })
    .toBeDefined();
  const mail = await PostalMime.parse(fs.readFileSync(path.join(mailDir, file!)));
  const token = decodeURIComponent(/verify-email\?token=([^\s"'<&]+)/.exec(`${mail.text ?? ''} ${mail.html ?? ''}`)?.[1] ?? '');
  expect(token).not.toBe('');
  const verified = await fetch(`${base}/api/v1/auth/verify`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) });
  expect(verified.status, await verified.clone().text()).toBe(200);
  const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', body: new URLSearchParams({ username: email, password }) });
  const body = (await login.json()) as { access_token: string };
  expect(login.status, JSON.stringify(body)).toBe(200);
  return body.access_token;
}
