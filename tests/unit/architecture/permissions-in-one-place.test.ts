// Who may do what is decided in src/lib/users/permissions.ts and nowhere else (docs/decisions/027):
// no file of the API layer (src/lib/server/api) looks at a member's role itself; it names a rule
// through requirePermission, or the service asks the rule with the loaded record.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const API = 'src/lib/server/api';

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The lines of `code` that decide by a role: compare one, switch on one, or test a list of them. */
export function roleDecisions(code: string): string[] {
  const patterns = [
    /\brole\s*(===|!==|==|!=)/, // user.role === …
    /(===|!==|==|!=)\s*[\w.?]*\brole\b/, // … === user.role
    /(===|!==|==|!=)\s*['"`](mod|admin)['"`]/, // … === 'admin'
    /['"`](mod|admin)['"`]\s*(===|!==|==|!=)/, // 'admin' === …
    /switch\s*\([^)]*\brole\b/, // switch (user.role)
    /\.includes\([^)]*\brole\b/, // STAFF.includes(user.role)
    /\[\s*['"`](mod|admin|user)['"`]\s*,\s*['"`](mod|admin|user)['"`]/, // ['mod', 'admin']
    /\b(isStaff|isAdmin)\s*\(/, // a role alone, without the rule it is for
  ];
  return code
    .split('\n')
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && patterns.some((p) => p.test(line)))
    .map(({ line, n }) => `${n}: ${line}`);
}

describe('permissions in one place', () => {
  it('no file of the API layer decides by a role', () => {
    const found = files(API).flatMap((file) => roleDecisions(fs.readFileSync(file, 'utf8')).map((hit) => `${file}:${hit}`));
    expect(found).toEqual([]);
  });

  it('finds what it is meant to find, and lets the rest be', () => {
    for (const bad of [
      "if (user.role !== 'admin') throw new ForbiddenError();",
      "if (currentUser(c).role === 'mod') {",
      "if ('admin' === me.role) return;",
      "const staff = ['mod', 'admin'].includes(user.role);",
      'switch (user.role) {',
      "if (role == 'mod') x();",
      'if (isStaff(user)) return next();',
    ]) {
      expect(roleDecisions(bad), bad).toHaveLength(1);
    }
    for (const fine of [
      'middleware: [requirePermission(canEditCatalogue)] as const,',
      'role: user.role,',
      "role_type: c.roleType as z.infer<typeof CastEntrySchema>['role_type'],",
      '// a mod may not act on an admin (user.role === ...)',
      "summary: \"A drama's cast and crew: main roles, support, guests\",",
    ]) {
      expect(roleDecisions(fine), fine).toEqual([]);
    }
  });
});
