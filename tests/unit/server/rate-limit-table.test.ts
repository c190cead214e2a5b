// The README's rate-limit table ("### Rate limits") is checked against the limits in code
// (RATE_LIMITS, src/lib/server/rate-limit.ts; docs/decisions/028): the same rules, each with the same
// points and window. A rule added, removed or changed on one side only fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../../src/lib/server/rate-limit.ts';

const UNITS: Record<string, number> = { second: 1, seconds: 1, min: 60, minute: 60, minutes: 60, hour: 3600, hours: 3600, day: 86_400, days: 86_400 };

/** The table's rows as { rule, points, duration (seconds), keyedBy }. */
function readmeLimits() {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const start = readme.indexOf('### Rate limits');
  expect(start, 'README has a "### Rate limits" section').toBeGreaterThan(-1);
  const section = readme.slice(start).split(/\n#{2,3} /)[0]!;
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  expect(lines[0]).toMatch(/^\| what \| limit \| keyed by \| rule \|$/);
  return lines.slice(2).map((line) => {
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    expect(cells, line).toHaveLength(4);
    const [, limit, keyedBy, rule] = cells as [string, string, string, string];
    const parsed = /^(\d[\d,]*) \/ (?:(\d+) )?([a-z]+)\b/.exec(limit);
    expect(parsed, `"${limit}" reads as "points / [n] unit"`).not.toBeNull();
    const unit = UNITS[parsed![3]!];
    expect(unit, `unknown unit in "${limit}"`).toBeDefined();
    const name = /^`(\w+)`$/.exec(rule);
    expect(name, `the rule cell of "${line}" is one name in backticks`).not.toBeNull();
    return { rule: name![1]!, points: Number(parsed![1]!.replaceAll(',', '')), duration: Number(parsed![2] ?? 1) * unit!, keyedBy };
  });
}

describe("the README's rate-limit table", () => {
  const rows = readmeLimits();

  it('lists every rule of RATE_LIMITS once, and no other', () => {
    const names = rows.map((row) => row.rule);
    expect(new Set(names).size, 'a rule listed twice').toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(RATE_LIMITS).sort());
  });

  it('gives each rule the points and the window the code counts', () => {
    for (const row of rows) {
      const rule = RATE_LIMITS[row.rule as keyof typeof RATE_LIMITS];
      expect({ rule: row.rule, points: row.points, duration: row.duration }).toEqual({ rule: row.rule, points: rule.points, duration: rule.duration });
    }
  });

  it('keys member and address rules as their names say', () => {
    for (const row of rows) {
      if (row.rule.endsWith('ByMember')) expect(row.keyedBy, row.rule).toBe('member');
      if (row.rule.endsWith('ByAddress') && !row.rule.endsWith('AndAddress')) expect(row.keyedBy, row.rule).toBe('address');
    }
  });
});
