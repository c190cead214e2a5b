// The layering of docs/decisions/015: code that reaches the browser never imports server code, and
// services never import the HTTP layer. (The build enforces the first rule too: astro.config.mjs.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importViolation, listImports } from '../../../src/lib/server/build/import-boundaries.ts';

const root = process.cwd();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|astro|mjs)$/.test(entry.name) ? [path.relative(root, full)] : [];
  });
}

describe('import boundaries', () => {
  it('hold for every file of src/', () => {
    const violations = sourceFiles('src').flatMap((file) =>
      listImports(fs.readFileSync(file, 'utf8'))
        .map((spec) => importViolation(file, spec))
        .filter((v): v is string => Boolean(v)),
    );
    expect(violations).toEqual([]);
  });

  it('refuse what they are meant to refuse', () => {
    expect(importViolation('src/islands/auth/LoginForm.tsx', '../../lib/server/env.ts')).toMatch(/browser code/);
    expect(importViolation('src/lib/dramas/drama-card.ts', '../server/db/client.ts')).toMatch(/browser code/);
    expect(importViolation('src/scripts/navbar/mobile-menu.ts', '../../lib/server/logger.ts')).toMatch(/browser code/);
    expect(importViolation('src/lib/server/services/people/people.ts', '../../api/errors.ts')).toMatch(/services/);
    expect(importViolation('src/lib/server/api/people/people-routes.ts', '../../services/people/people.ts')).toBeUndefined();
    expect(importViolation('src/islands/auth/LoginForm.tsx', '../../lib/accounts/account-rules.ts')).toBeUndefined();
    expect(importViolation('src/islands/auth/LoginForm.tsx', 'react')).toBeUndefined();
  });

  it('find static, dynamic and type-only imports', () => {
    const code = `import a from './a.ts';\nimport type { B } from "../b.ts";\nexport { c } from './c.ts';\nconst d = await import('./d.ts');\nimport './e.css';`;
    expect(listImports(code)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.css']);
  });
});
