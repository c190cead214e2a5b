// One way to query the database (docs/decisions/034): services and jobs use Drizzle's query builder
// (with its sql template bound to schema columns where the builder cannot say it). Raw statements
// go through queryRows (named statements, db/named-query.ts) only on a measured hot read path, with
// the reason in a `// raw SQL:` comment just above the call; db.execute / tx.execute are not used
// (their timestamp parsing differs from the builder's and from queryRows', decision 016).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src/lib/server/services', 'src/lib/server/jobs'];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const isComment = (line: string) => /^(\/\/|\/\*|\*)/.test(line);

/** The lines of `code` that break the rule: an execute call, or a queryRows call without its reason. */
export function queryRuleBreaches(code: string): string[] {
  const lines = code.split('\n').map((line) => line.trim());
  const breaches: string[] = [];
  lines.forEach((line, i) => {
    if (isComment(line) || line.startsWith('import ')) return;
    if (/\.execute\s*(<[^>]*>)?\s*\(/.test(line)) breaches.push(`${i + 1}: ${line} (execute: use the builder)`);
    if (/\bqueryRows\s*(<.*>)?\s*\(/.test(line)) {
      const above: string[] = [];
      for (let j = i - 1; j >= 0 && isComment(lines[j]!); j--) above.push(lines[j]!);
      if (!above.some((comment) => /raw SQL:\s*\S/.test(comment))) breaches.push(`${i + 1}: ${line} (queryRows without a "// raw SQL:" reason above it)`);
    }
  });
  return breaches;
}

describe('one way to query the database', () => {
  const all = ROOTS.flatMap(files).map((file) => ({ file, breaches: queryRuleBreaches(fs.readFileSync(file, 'utf8')) }));

  it('no service or job calls execute, and every queryRows call says why beside it', () => {
    const found = all.flatMap(({ file, breaches }) => breaches.map((breach) => `${file}:${breach}`));
    expect(found).toEqual([]);
  });

  it('finds what it looks for', () => {
    expect(queryRuleBreaches('const { rows } = await tx.execute(sql`SELECT 1`);')).toHaveLength(1);
    expect(queryRuleBreaches('await db.execute<{ v: string }>(sql`select 1`);')).toHaveLength(1);
    expect(queryRuleBreaches('const rows = await queryRows<{ n: number }>(db, sql`SELECT 1`);')).toHaveLength(1);
    expect(queryRuleBreaches('// a comment without the reason\nconst rows = await queryRows(db, sql`SELECT 1`);')).toHaveLength(1);
    expect(
      queryRuleBreaches('// raw SQL: hot path — the search page, measured\n// (more)\nconst rows = await queryRows(db, sql`SELECT 1`);'),
    ).toEqual([]);
    expect(queryRuleBreaches("import { queryRows } from '../../db/named-query.ts';\n// await db.execute(sql`x`) in a comment")).toEqual([]);
  });
});
