// Every word a visitor reads comes from the message catalogue (docs/decisions/019): this test parses
// each component and page under src/ (.astro with Astro's compiler, .tsx with Rolldown's parser: both
// answer an ESTree AST with JSX nodes) and fails on a literal user-facing string:
// - a text node with a letter in it (outside <script> and <style>);
// - a title, alt, aria-label, placeholder or label attribute holding a literal with a letter;
// - a string literal (or template text) written directly as a child expression ({'Hello'},
//   {ok ? 'Yes' : 'No'}, {`${n} items`}).
// Words from t() (or any other expression) pass; so do the few exceptions listed below.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseAstro } from '@astrojs/compiler-rs';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SRC = path.join(ROOT, 'src');

/**
 * Files another helper is moving onto the catalogue right now (the islands, docs/decisions/019):
 * checked once that work is merged. Empty this list then; nothing else belongs in it.
 */
export const PENDING_ISLANDS: string[] = [];

/** Literal text allowed anywhere: the brand and what no language translates. */
const ALLOWED_TEXT = new Set(['DramaList', 'access_token']);

/** Attributes a visitor reads (or hears) as words. */
const WORD_ATTRIBUTES = new Set(['title', 'alt', 'aria-label', 'placeholder', 'label']);

const LETTER = /\p{L}/u;

interface Node {
  type: string;
  start?: number;
  [key: string]: unknown;
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const hasWords = (text: string) => {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return trimmed !== '' && LETTER.test(trimmed) && !ALLOWED_TEXT.has(trimmed);
};

function elementName(node: Node): string {
  const opening = node.openingElement as Node | undefined;
  const name = opening?.name as Node | undefined;
  return typeof name?.name === 'string' ? name.name : '';
}

/** String literals an expression renders as they are: 'x', `x ${y}`, a ? 'x' : 'y', a && 'x'. */
function literalTexts(expression: unknown): { text: string; start?: number }[] {
  if (!isNode(expression)) return [];
  switch (expression.type) {
    case 'Literal':
    case 'StringLiteral':
      return typeof expression.value === 'string' ? [{ text: expression.value, start: expression.start }] : [];
    case 'TemplateLiteral':
      return (expression.quasis as Node[]).map((q) => ({ text: String((q.value as { cooked?: string }).cooked ?? ''), start: q.start }));
    case 'ConditionalExpression':
      return [...literalTexts(expression.consequent), ...literalTexts(expression.alternate)];
    case 'LogicalExpression':
      return literalTexts(expression.right);
    default:
      return [];
  }
}

/** Walks an ESTree/JSX tree and reports the literal words in it. */
function findLiterals(root: unknown, report: (text: string, start: number | undefined) => void) {
  const visit = (node: unknown, parentStart?: number) => {
    if (Array.isArray(node)) return node.forEach((child) => visit(child, parentStart));
    if (!isNode(node)) return;
    const start = node.start ?? parentStart;
    if (node.type === 'JSXElement') {
      const name = elementName(node);
      if (name === 'script' || name === 'style') return;
      for (const attribute of ((node.openingElement as Node).attributes as Node[]) ?? []) {
        if (attribute.type !== 'JSXAttribute') continue;
        const attributeName = (attribute.name as Node).name;
        if (typeof attributeName !== 'string' || !WORD_ATTRIBUTES.has(attributeName)) continue;
        const value = attribute.value as Node | null;
        const texts = !value ? [] : value.type === 'JSXExpressionContainer' ? literalTexts(value.expression) : literalTexts(value);
        for (const { text } of texts) if (hasWords(text)) report(`${attributeName}="${text.trim()}"`, attribute.start ?? start);
      }
      for (const child of (node.children as Node[]) ?? []) {
        if (child.type === 'JSXText') {
          if (hasWords(String(child.value))) report(String(child.value).trim(), child.start ?? start);
        } else if (child.type === 'JSXExpressionContainer') {
          for (const { text, start: at } of literalTexts(child.expression)) if (hasWords(text)) report(text.trim(), at ?? child.start ?? start);
          visit(child.expression, child.start ?? start);
        } else {
          visit(child, start);
        }
      }
      return;
    }
    if (node.type === 'JSXFragment') {
      for (const child of (node.children as Node[]) ?? []) {
        if (child.type === 'JSXText' && hasWords(String(child.value))) report(String(child.value).trim(), child.start ?? start);
        else visit(child, start);
      }
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'start' || key === 'end' || key === 'type') continue;
      if (typeof value === 'object' && value !== null) visit(value, start);
    }
  };
  visit(root);
}

function lineOf(source: string, offset: number | undefined): number {
  if (offset === undefined) return 0;
  return source.slice(0, offset).split('\n').length;
}

/** The literal words of one source file. */
export function literalStrings(file: string, source: string): Finding[] {
  const findings: Finding[] = [];
  const report = (text: string, start: number | undefined) => findings.push({ file, line: lineOf(source, start), text });
  if (file.endsWith('.astro')) {
    const { ast } = parseAstro(source) as unknown as { ast: Node };
    findLiterals(ast.body, report);
  } else {
    findLiterals(parseAst(source, { lang: 'tsx' }), report);
  }
  return findings;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(astro|tsx)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

describe('the literal-string check', () => {
  it('finds words in text, in word attributes and in literal child expressions, in .astro and .tsx', () => {
    const astro = '---\nconst t = (k: string) => k;\n---\n<p title="Hello there">Read more <b>{t("x")}</b></p>\n<img alt={ok ? "A photo" : ""} />\n<script>const s = "not shown";</script>';
    expect(literalStrings('x.astro', astro).map((f) => [f.line, f.text])).toEqual([
      [4, 'title="Hello there"'],
      [4, 'Read more'],
      [5, 'alt="A photo"'],
    ]);
    const tsx = 'export const X = ({ n }: { n: number }) => <span aria-label={`${n} dramas`}>{n === 1 ? "drama" : "dramas"} · {n}</span>;';
    expect(literalStrings('x.tsx', tsx).map((f) => f.text)).toEqual(['aria-label="dramas"', 'drama', 'dramas']);
  });

  it('lets words from the catalogue, symbols, numbers and the brand through', () => {
    const astro = '<p title={t("a")}>{t("b")} → 404 · {SITE_NAME} DramaList</p><span aria-hidden="true">…</span>';
    expect(literalStrings('x.astro', astro)).toEqual([]);
  });
});

describe('components and pages', () => {
  const files = sourceFiles(SRC).filter((file) => !PENDING_ISLANDS.some((prefix) => file.startsWith(prefix)));

  it('are checked (the list is not empty)', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it('hold no literal user-facing string: every word goes through the message catalogue', () => {
    const findings = files.flatMap((file) => literalStrings(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(findings.map((f) => `${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });
});
