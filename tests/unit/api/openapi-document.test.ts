import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../../src/lib/server/api/index.ts';

// The API description as clients and generators see it: /api/v1/openapi.json from the API itself.
// docs/decisions/012.

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
type Document = {
  tags?: { name: string; description?: string }[];
  security?: unknown;
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const root = path.resolve(import.meta.dirname, '../../..');
let doc: Document;
let dir: string;

beforeAll(async () => {
  const res = await createApi().request('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function operations() {
  return Object.entries(doc.paths).flatMap(([pathname, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${pathname}`, op })),
  );
}

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error and no warning, offline", async () => {
    // The lint runs in a folder of its own: the document, our redocly.yaml and the ignore file whose
    // entries name `openapi.json`.
    fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc, null, 2));
    for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) fs.copyFileSync(path.join(root, file), path.join(dir, file));
    const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json', '--max-problems', '1000'],
      {
        cwd: dir,
        // no usage data and no update check (redocly.yaml also says `telemetry: off`)
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        timeout: 60_000,
        maxBuffer: 32 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      // a lint error exits 1 with the report on stdout
      if (error.stdout) return { stdout: error.stdout };
      throw error;
    });
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 90_000);

  it('names every operation with a unique camelCase operationId', () => {
    const ids = operations().map(({ name, op }) => {
      expect(op.operationId, name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      return op.operationId;
    });
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says on every operation whether it is public (security: []) or for signed-in members (bearer)', () => {
    expect(doc.security).toBeUndefined(); // nothing is inherited: each operation says it
    expect(doc.components?.securitySchemes).toHaveProperty('bearer');
    for (const { name, op } of operations()) {
      expect(op.security, name).toBeDefined();
      expect([[], [{ bearer: [] }]], name).toContainEqual(op.security);
      if (op.security!.length > 0) expect(Object.keys(op.responses), `${name} refuses anonymous callers`).toContain('401');
    }
  });

  it('documents a 400 answer wherever a client can send a bad input, and 413 and 415 wherever it sends a body', () => {
    for (const { name, op } of operations()) {
      if ((op.parameters?.length ?? 0) > 0 || op.requestBody) expect(Object.keys(op.responses), name).toContain('400');
      if (op.requestBody) expect(Object.keys(op.responses), name).toEqual(expect.arrayContaining(['413', '415']));
    }
  });

  it('writes every pattern as a bare regular expression (no `/…/u` delimiters or flags), one that compiles', () => {
    // the generator writes a regex with flags from its toString(): /^[\p{L}]+$/u became '^[\p{L}]+$/u',
    // which no value matches (the username's was one: the fuzz test's valid values found it)
    const patterns: string[] = [];
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      const pattern = (node as { pattern?: unknown }).pattern;
      if (typeof pattern === 'string') patterns.push(pattern);
      for (const value of Object.values(node)) walk(value);
    };
    walk(doc);
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) {
      expect(pattern, 'a delimiter and flags after the end').not.toMatch(/\$\/[a-z]*$/);
      expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
    }
  });

  it('lets null through wherever a nullable field refers to a named schema (anyOf, never allOf with null)', () => {
    // zod-openapi writes `Named.nullable()` as allOf [{ $ref: Named }, { type: [..., 'null'] }]: both
    // must hold, so null fails the reference, and a client validating answers refuses a real one
    // (ListEntryChange.previous_status was one: the fuzz test's schema check found it)
    const found: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const all = (node as { allOf?: { $ref?: string; type?: string | string[] }[] }).allOf;
      if (all?.some((s) => s.$ref) && all.some((s) => s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null')))) found.push(at);
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    };
    walk(doc, '#');
    expect(found).toEqual([]);
  });

  it('describes every tag that its operations use, and uses every tag it describes', () => {
    const described = new Map((doc.tags ?? []).map((t) => [t.name, t.description ?? '']));
    const used = new Set(operations().flatMap(({ op }) => op.tags ?? []));
    for (const { name, op } of operations()) expect(op.tags?.length, `${name} has a tag`).toBeGreaterThan(0);
    for (const tag of used) expect(described.get(tag), `tag ${tag}`).toMatch(/\w/);
    expect([...described.keys()].sort()).toEqual([...used].sort());
  });
});
