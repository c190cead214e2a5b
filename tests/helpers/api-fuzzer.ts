// A fuzzer driven by the API's own OpenAPI document (docs/decisions/012): every operation, its
// parameters, body content types and security come from /api/v1/openapi.json, so a new endpoint is
// fuzzed as soon as it is declared. fast-check builds the values (seeded, so a run is replayed by its
// seed); this file turns them into raw HTTP requests, sends them several at a time and judges the
// answers.
import http from 'node:http';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';

// ---------------------------------------------------------------------------------------------
// The document

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
  minItems?: number;
  nullable?: boolean;
  example?: unknown;
  default?: unknown;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Schema };
type RawOperation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, Schema> };
};

export interface FuzzOperation {
  id: string;
  method: string;
  /** the path template, e.g. `/dramas/{id}` */
  path: string;
  params: Parameter[];
  body?: { required: boolean; content: Record<string, Schema> };
  /** true when the operation declares bearer security (members only) */
  member: boolean;
  /** the statuses the document lists */
  statuses: string[];
  /** the JSON schema of each status's `application/json` answer, as the document has it (`$ref`s kept) */
  answers: Record<string, Schema | undefined>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The operations of the document, with every `$ref` resolved. */
export function readOperations(doc: OpenApiDocument): FuzzOperation[] {
  const resolve = (schema: Schema | undefined, depth = 0): Schema => {
    if (!schema || depth > 8) return {};
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      return resolve(doc.components?.schemas?.[name], depth + 1);
    }
    const out: Schema = { ...schema };
    if (schema.properties)
      out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, depth + 1)]));
    if (schema.items) out.items = resolve(schema.items, depth + 1);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (schema[key]) out[key] = schema[key]!.map((s) => resolve(s, depth + 1));
    return out;
  };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({
        id: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) })),
        body: op.requestBody && {
          required: op.requestBody.required ?? false,
          content: Object.fromEntries(Object.entries(op.requestBody.content).map(([type, m]) => [type, resolve(m.schema)])),
        },
        member: (op.security ?? []).some((s) => 'bearer' in s),
        statuses: Object.keys(op.responses),
        answers: Object.fromEntries(Object.entries(op.responses).map(([status, r]) => [status, r.content?.['application/json']?.schema])),
      })),
  );
}

/**
 * What is wrong with a successful answer's JSON body, judged by the schema the document gives for
 * its operation and status (undefined: nothing, or the document gives no schema).
 */
export function answerChecker(doc: OpenApiDocument): (op: FuzzOperation, status: number, body: unknown) => string | undefined {
  const base = 'https://dramalist.test/openapi.json';
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema({ $id: base, components: doc.components ?? {} });
  const compiled = new Map<string, ValidateFunction | undefined>();
  return (op, status, body) => {
    const key = `${op.id} ${status}`;
    if (!compiled.has(key)) {
      const schema = op.answers[String(status)];
      // the document's `#/components/…` references, made absolute to the document added above
      compiled.set(key, schema && ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${base}#/components/`))));
    }
    const validate = compiled.get(key);
    if (!validate || validate(body)) return undefined;
    return `answer ${status} breaks its schema: ${ajv.errorsText(validate.errors?.slice(0, 3), { dataVar: 'body' })}`;
  };
}

// ---------------------------------------------------------------------------------------------
// Values

/** Values that mean something to the server (real ids, the member's e-mail, ...), by field name. */
export type KnownValues = Record<string, fc.Arbitrary<string> | fc.Arbitrary<number> | fc.Arbitrary<string | null>>;

/**
 * 0: well-formed values only (what the server knows); 'valid': values the schema accepts, chosen to be
 * awkward (slyValue); 1: hostile ones mixed in
 */
export type Hostility = 0 | 'valid' | 1;
type ValueContext = { known: KnownValues; hostility: Hostility };

/** Strings that broke or could break a server somewhere. */
const HOSTILE_STRINGS = [
  '', ' ', '  \t ', '0', '-1', '-0', '00001', '1.5', '1e3', '1e309', '-1e309', 'NaN', 'Infinity', '0x10', '0b1', '1_000',
  '2147483647', '2147483648', '-2147483649', '4294967296', '9007199254740993', '9223372036854775807', '9223372036854775808',
  '9'.repeat(40), '1'.repeat(400), 'null', 'undefined', 'true', 'false', '[]', '{}', '[object Object]', '__proto__',
  'constructor', 'prototype', 'toString', '\u0000', 'a\u0000b', '\u0000'.repeat(10), '\u0007\u001b[31m', '\r\n', '\ud800',
  'a\udfffb', '\ud83d', '\ufffe\uffff', '\ufeffabc', '\u202egnp.exe', '\u200b', 'ﬀ', 'İ', 'ß', 'ǅ', '１２３', '١٢٣', '𝟗',
  '😀', '👩‍👩‍👧‍👦', 'e\u0301'.repeat(200), '🦄'.repeat(2000), 'Z̸̧̛̖͓̖͂̈́a̴l̷g̵o̸', '../../../../etc/passwd', '..\\..\\windows\\win.ini',
  '/', '//', '.', '..', '%00', '%', '%zz', '%ED%A0%80', '%C0%AE', "' OR '1'='1", "1'; DROP TABLE users; --", '" OR ""="',
  '\\', '\\\\x00', '%s%s%s%n', '{{7*7}}', '${7*7}', '#{7*7}', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>',
  'javascript:alert(1)', 'data:text/html,<b>x</b>', 'http://169.254.169.254/latest/meta-data/', 'file:///etc/passwd',
  '//evil.example', '/\t/evil.example', 'a'.repeat(101), 'a'.repeat(256), 'x'.repeat(5000), `${'a'.repeat(250)}@example.com`,
  `a@${'b'.repeat(300)}.com`, 'a@b', '@', 'a@', '@b.c', 'a@b.c\u0000', 'a..b@c.d', '"a b"@c.d', 'A@EXAMPLE.COM ',
  '*', '%', '_', '%_%', '\\%', 'a:b', 'a,b,c', ','.repeat(50), 'a,'.repeat(200), ' , ,', '2020,', ',2020', '2020,2010',
  '10,abc', '1,2,3', '-5,5', '0.5,0.25', '1e2,1e3', 'Infinity,NaN',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
);

/** Any JSON value a careless or hostile client could send where something else is expected. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, Number.MIN_VALUE) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], [[]], JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: {} } }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.string(), { maxLength: 3 }) },
);

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.nullable ? ['null'] : [];

/** A value the schema accepts, or nearly (fast-check's own arbitraries, bounded in size). */
function validValue(schema: Schema, name: string, c: ValueContext, depth = 0): fc.Arbitrary<unknown> {
  if (c.hostility === 'valid') return slyValue(schema, name, c, depth);
  const choices: fc.Arbitrary<unknown>[] = [];
  const known = c.known[name];
  // well-formed requests use what the server knows; the others sometimes anything the schema allows
  if (known) return c.hostility === 0 ? known : fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: bySchema() });
  return bySchema();

  function bySchema(): fc.Arbitrary<unknown> {
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    if (schema.const !== undefined) return fc.constant(schema.const);
    for (const key of ['anyOf', 'oneOf'] as const)
      if (schema[key]?.length) return fc.oneof(...schema[key]!.map((s) => validValue(s, name, c, depth + 1)));
    if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), name, c, depth + 1);
    if (schema.example !== undefined) choices.push(fc.constant(schema.example));
    const types = typesOf(schema);
    for (const type of types.length ? types : ['string']) choices.push(ofType(type));
    return fc.oneof(...choices);
  }

  function ofType(type: string): fc.Arbitrary<unknown> {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number': {
        const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
        const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000);
        return type === 'integer'
          ? fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31)) })
          : fc.double({ min, max, noNaN: true });
      }
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(validValue(schema.items ?? {}, name, c, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
      case 'object': {
        if (depth > 3 || !schema.properties) return fc.constant({});
        const required = new Set(schema.required ?? []);
        const props = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, fieldValue(s, k, c, depth + 1)]));
        return fc.record(props, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
      }
      default: {
        const max = Math.min(schema.maxLength ?? 40, 200);
        const min = Math.min(schema.minLength ?? 0, max);
        if (schema.pattern) {
          try {
            return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= max);
          } catch {
            // a pattern JavaScript cannot read: fall through to plain strings
          }
        }
        if (schema.format === 'email') return fc.emailAddress().filter((s) => s.length <= max);
        if (schema.format === 'uri') return fc.webUrl();
        if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
        return fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max });
      }
    }
  }
}

/**
 * Text that is valid almost anywhere yet has broken servers: markup, SQL, templates, right-to-left
 * and zero-width characters, combining marks, emoji, scripts other than Latin, padding.
 */
const SLY_STRINGS = [
  "Robert'); DROP TABLE list_entries;--", "' OR '1'='1", '"; SELECT pg_sleep(1); --', '%_%', '\\', '$1', '$$', ':name', '?',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', '&amp;&lt;&#0;', '{{7*7}}', '${7*7}',
  '\u202eevil\u202c', '\u200f\u05e9\u05dc\u05d5\u05dd', 'مرحبا بالعالم', '\u200b', '\u200b\u200c\u200d\u2060\ufeff', 'a\u00adb',
  'e\u0301\u0301\u0301', 'Z̸̧̛̖͓̖͂̈́a̴l̷g̵o̸', '😀', '👩‍👩‍👧‍👦', '🏳️‍🌈', '\ud83d\ude00'.repeat(3), '사랑의 불시착', '愛の不時着', 'İıß ǅ ﬀ',
  '１２３', '١٢٣', '𝟗𝟗', '   padded   ', ' ', 'line\nbreak', 'tab\there', '\r\n', 'null', 'undefined', 'NaN', 'true', '[]', '{}',
  '__proto__', 'constructor', '-0', '1e309', '9'.repeat(30), '../../etc/passwd', 'http://169.254.169.254/', 'a\ud800b',
];

/** Units a boundary-length string is made of: one UTF-16 unit each, or more (a length counts units). */
const SLY_UNITS = ['a', 'é', '界', '\u200b', '\u202e', '😀', 'e\u0301', '<', "'"];

/** `unit` repeated to exactly `n` UTF-16 units (padded with `a` when the unit does not divide n). */
const ofLength = (unit: string, n: number) => unit.repeat(Math.floor(n / unit.length)).padEnd(n, 'a');

/** A string the schema accepts: lengths at its bounds and at the database's usual ones (255/256), awkward text. */
function slyString(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 1000;
  let pattern: RegExp | undefined;
  try {
    pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
  } catch {
    pattern = undefined;
  }
  const fits = (s: string) => s.length >= min && s.length <= max && !s.includes('\u0000') && (!pattern || pattern.test(s));
  // 255 and 256 twice as often: a VARCHAR(255) or a 255-character rule somewhere is the classic edge
  const lengths = [min, min + 1, max - 1, max, 254, 255, 255, 256, 256, 257].filter((n) => n >= min && n <= max);
  const boundaries = lengths.flatMap((n) => SLY_UNITS.map((unit) => ofLength(unit, n))).filter(fits);
  const candidates = [...new Set([...SLY_STRINGS, ...HOSTILE_STRINGS])].filter(fits);
  // no `filter`: a pattern nothing matches (or few generated values do) would never let it end
  const fallback = [schema.example, ...boundaries, ...candidates].find((s): s is string => typeof s === 'string' && fits(s));
  const fitting = (arbitrary: fc.Arbitrary<string>) => arbitrary.map((s) => (fits(s) || fallback === undefined ? s : fallback));
  const choices: fc.WeightedArbitrary<string>[] = [];
  if (schema.format === 'email') {
    const domain = '@example.com';
    const emails = [`${ofLength('a', Math.min(64, max - domain.length))}${domain}`, `o'brien+tag${domain}`, `UPPER.Case${domain}`, `a@${ofLength('b', Math.min(63, max - 6))}.com`];
    choices.push({ weight: 2, arbitrary: fc.constantFrom(...emails, 'a@b.co') }, { weight: 1, arbitrary: fitting(fc.emailAddress()) });
  } else if (schema.format === 'date') {
    const dates = ['0001-01-01', '1900-01-01', '1970-01-01', '2000-02-29', '2024-02-29', '2023-02-29', '2026-11-22', '9999-12-31', '2026-13-01', '2026-00-10'];
    choices.push({ weight: 3, arbitrary: fc.constantFrom(...dates) }, { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) });
  } else if (schema.format === 'date-time') {
    choices.push({ weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) });
  } else if (schema.format === 'uri') {
    choices.push({ weight: 1, arbitrary: fc.webUrl() });
  } else {
    if (boundaries.length) choices.push({ weight: 4, arbitrary: fc.constantFrom(...boundaries) });
    if (candidates.length) choices.push({ weight: 2, arbitrary: fc.constantFrom(...candidates) });
    if (!pattern) choices.push({ weight: 1, arbitrary: fitting(fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 60) })) });
  }
  if (pattern) {
    try {
      choices.push({ weight: 2, arbitrary: fitting(fc.stringMatching(pattern)) });
    } catch {
      // a pattern fast-check cannot read: the candidates and boundaries above only
    }
  }
  return choices.length ? fc.oneof(...choices) : fc.string({ minLength: min, maxLength: Math.min(max, 40) });
}

/** A number the schema accepts: its bounds, the edges of 32 and 53 bits within them, zero, fractions. */
function slyNumber(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-9) : -Number.MAX_SAFE_INTEGER);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-9) : Number.MAX_SAFE_INTEGER);
  const edges = [min, max, min + 1, max - 1, 0, 1, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
  if (!integer) edges.push(min + 0.5, max - 0.5, 0.1, 1e-7, -0);
  const inRange = edges.filter((n) => n >= min && n <= max && (!integer || Number.isInteger(n)));
  const any = integer ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }) : fc.double({ min, max, noNaN: true });
  return inRange.length ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...inRange) }, { weight: 1, arbitrary: any }) : any;
}

/**
 * A value the schema accepts, chosen to be awkward (the requests of hostility 'valid': they pass
 * validation and reach the handler). Where the server knows a value (a real id, the member's e-mail),
 * that value mostly: an unknown id or e-mail only reaches the "not found" branch.
 */
function slyValue(schema: Schema, name: string, c: ValueContext, depth = 0): fc.Arbitrary<unknown> {
  const known = c.known[name];
  const own = bySchema();
  return known ? fc.oneof({ weight: 4, arbitrary: known }, { weight: 1, arbitrary: own }) : own;

  function bySchema(): fc.Arbitrary<unknown> {
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    if (schema.const !== undefined) return fc.constant(schema.const);
    // a nullable value is null once in four: the value itself is what is awkward
    const isNull = (s: Schema) => s.type === 'null';
    for (const key of ['anyOf', 'oneOf'] as const)
      if (schema[key]?.length)
        return fc.oneof(...schema[key]!.map((s) => ({ weight: isNull(s) ? 1 : 3, arbitrary: slyValue(s, name, { ...c, known: {} }, depth + 1) })));
    if (schema.allOf?.length) return slyValue(Object.assign({}, ...schema.allOf), name, { ...c, known: {} }, depth + 1);
    const types = typesOf(schema);
    return fc.oneof(...(types.length ? types : ['string']).map(ofType));
  }

  function ofType(type: string): fc.Arbitrary<unknown> {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number':
        return slyNumber(schema, type === 'integer');
      case 'array': {
        if (depth > 3) return fc.constant([]);
        const minLength = schema.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 8, 20));
        return fc.array(slyValue(schema.items ?? {}, name, c, depth + 1), { minLength, maxLength });
      }
      case 'object': {
        if (depth > 3 || !schema.properties) return fc.constant({});
        const required = new Set(schema.required ?? []);
        const props = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, slyValue(s, k, c, depth + 1)]));
        return fc.record(props, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
      }
      default:
        return slyString(schema);
    }
  }
}

/** Values at and just past the schema's bounds, and past the database's usual ones (255 characters, 32 bits). */
function boundaryValue(schema: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) {
    const edges = [0, -1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e21];
    for (const bound of [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum])
      if (bound !== undefined) edges.push(bound - 1, bound, bound + 1, bound + 0.5);
    return fc.constantFrom(...edges);
  }
  if (types.includes('array')) return fc.constantFrom((schema.maxItems ?? 20) + 1, 1000).map((n) => Array.from({ length: n }, (_, i) => String(i)));
  const lengths = new Set([0, 1, 255, 256, 1000, 10_000]);
  for (const bound of [schema.minLength, schema.maxLength]) if (bound !== undefined) [bound - 1, bound, bound + 1].forEach((n) => n >= 0 && lengths.add(n));
  return fc.tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'é', '界', '\u0000')).map(([n, unit]) =>
    // an e-mail-looking value of that length too: many fields are checked for the shape first
    n > 20 && unit === 'a' ? `${'a'.repeat(n - 12)}@example.com` : unit.repeat(n),
  );
}

/** Mostly what the schema asks for, sometimes something hostile or a boundary in its place. */
function fieldValue(schema: Schema, name: string, c: ValueContext, depth = 0): fc.Arbitrary<unknown> {
  if (c.hostility !== 1) return validValue(schema, name, c, depth);
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema, name, c, depth) },
    { weight: 1, arbitrary: hostileJson },
    { weight: 1, arbitrary: boundaryValue(schema) },
  );
}

/** A JSON value as a query or path value. */
const asText = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value) ?? '');

// ---------------------------------------------------------------------------------------------
// Encoding (by hand: URL and fetch would normalise `..`, reject lone surrogates and so on)

/** Percent-encodes the UTF-8 bytes of a string, leaving unreserved characters. */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Raw path segments and query pieces, sent as they are. */
const RAW_PIECES = [
  '%00', 'a%00', '%00%00', '%01', '%1F', '%7F', '..', '.', '%2e%2e', '%2E%2E%2F%2E%2E', '..%2f..%2fetc%2fpasswd', '%2F', '%5C', '%00', '1%00', '%', '%zz', '%ED%A0%80',
  // percent-encodings that do not decode (a truncated sequence, a bad hex digit, a lone '%'): a JSON 400 (issue 19)
  '%E0%A4%A', '%G1', 'ab%', '1%', '%C3%28', '%E0%A4', '%%',
  '%C0%AE%C0%AE', '%C0%80', '%FF%FE', '%E2%80%AE', '1;jsessionid=x', '1%20', '%201', '+1', '1+1', '%2B1', '1%0A', '%0D%0A',
  'a/b', '1/', '1//2', '1?x=1', '1#frag', '*', '~', '$', '@', "'", '"', '<', '>', '{}', '[]', '|', '`', '^', '%7B%7D',
];
const rawPiece = fc.constantFrom(...RAW_PIECES);

// ---------------------------------------------------------------------------------------------
// Requests

export type Auth =
  | { kind: 'none' }
  | { kind: 'real'; who: 'member' | 'admin'; scheme: string }
  | { kind: 'forged'; header: string; label: string };

export type Body =
  | { kind: 'bytes'; data: string | Buffer; label: string }
  | { kind: 'repeat'; unit: string; bytes: number; prefix: string; suffix: string; chunked: boolean; label: string };

export interface FuzzRequest {
  op: string;
  /** false when the path may no longer reach the operation (see pathFor) */
  routed: boolean;
  method: string;
  /** raw request target: path and query, already encoded */
  target: string;
  headers: Record<string, string>;
  auth: Auth;
  body?: Body;
}

export interface GeneratorOptions {
  known: KnownValues;
  /** `Authorization` values that must never be accepted */
  forgedAuth: { header: string; label: string }[];
  /** the API's body limit in bytes */
  bodyLimit: number;
  /** the /api/v1 prefix */
  base: string;
  /**
   * 0: well-formed requests only; 'valid': requests that pass validation (a real token, the declared
   * body) with awkward values the schema allows, to reach the handlers; 1: the usual hostile mix
   */
  hostility: Hostility;
  /** operationIds only mods and admins may call: their well-formed and valid requests carry the admin's token */
  staffOperations?: ReadonlySet<string>;
}

const pick = <T>(weighted: [number, fc.Arbitrary<T>][]) => fc.oneof(...weighted.map(([weight, arbitrary]) => ({ weight, arbitrary })));

function authFor(op: FuzzOperation, o: GeneratorOptions): fc.Arbitrary<Auth> {
  const real = (who: 'member' | 'admin') =>
    fc.constantFrom('Bearer', 'bearer', 'BEARER').map((scheme): Auth => ({ kind: 'real', who, scheme }));
  const forged = fc.constantFrom(...o.forgedAuth).map((f): Auth => ({ kind: 'forged', ...f }));
  const none = fc.constant<Auth>({ kind: 'none' });
  if (o.hostility !== 1) return op.member ? real(o.staffOperations?.has(op.id) ? 'admin' : 'member') : none;
  return op.member
    ? pick<Auth>([[10, real('member')], [2, real('admin')], [3, forged], [2, none]])
    : pick<Auth>([[12, none], [2, real('member')], [2, forged]]);
}

/**
 * The path, and whether it surely still names the operation: a raw piece such as `a/b`, `..` or
 * `1#x`, or a respelled path, may reach another route (or none), so the security checks skip it.
 */
function pathFor(op: FuzzOperation, o: GeneratorOptions): fc.Arbitrary<{ path: string; routed: boolean }> {
  const segments = op.path.split(/(\{[^}]+\})/).filter(Boolean);
  const inSegment = (value: unknown) => {
    const encoded = percentEncode(asText(value));
    return { text: encoded, routed: encoded !== '' && encoded !== '.' && encoded !== '..' };
  };
  const parts = segments.map((segment) => {
    const name = segment.match(/^\{(.+)\}$/)?.[1];
    if (!name) return fc.constant({ text: segment, routed: true });
    const param = op.params.find((p) => p.in === 'path' && p.name === name);
    const valid = validValue(param?.schema ?? {}, name, o).map(inSegment);
    if (o.hostility !== 1) return valid;
    return pick<{ text: string; routed: boolean }>([
      [4, valid],
      [1, boundaryValue(param?.schema ?? {}).map(inSegment)],
      [3, hostileString.map(inSegment)],
      [3, rawPiece.map((text) => ({ text, routed: false }))],
      [1, fc.nat({ max: 20 }).map((n) => inSegment('9'.repeat(n + 10)))],
    ]);
  });
  const path = fc.tuple(...parts).map((p) => ({ path: p.map((x) => x.text).join(''), routed: p.every((x) => x.routed) }));
  if (o.hostility !== 1) return path;
  // sometimes the same path spelled differently: trailing slash, doubled slashes, upper case
  return pick<{ path: string; routed: boolean }>([
    [20, path],
    [1, path.map((p) => ({ ...p, path: `${p.path}/` }))],
    [1, path.map((p) => ({ path: p.path.replace(/\//g, '//'), routed: false }))],
    [1, path.map((p) => ({ path: p.path.toUpperCase(), routed: false }))],
  ]);
}

function queryFor(op: FuzzOperation, o: GeneratorOptions): fc.Arbitrary<string> {
  const params = op.params.filter((p) => p.in === 'query');
  const encoded = (v: unknown) => percentEncode(asText(v));
  const pieces = params.map((p) => {
    const valid = validValue(p.schema ?? {}, p.name, o);
    const key = percentEncode(p.name);
    const present = o.hostility !== 1
      ? valid.map((v) => [`${key}=${encoded(v)}`])
      : pick<string[]>([
          [8, valid.map((v) => [`${key}=${encoded(v)}`])],
          [3, hostileString.map((v) => [`${key}=${percentEncode(v)}`])],
          [1, boundaryValue(p.schema ?? {}).map((v) => [`${key}=${encoded(v)}`])],
          [2, fc.array(fieldValue(p.schema ?? {}, p.name, o), { minLength: 2, maxLength: 25 }).map((vs) => vs.map((v) => `${key}=${encoded(v)}`))],
          [1, valid.map((v) => [`${key}[]=${encoded(v)}`])],
          [1, fc.constant([key])],
          [1, rawPiece.map((r) => [`${key}=${r}`])],
        ]);
    const absent = fc.constant<string[]>([]);
    return p.required && o.hostility !== 1 ? present : pick<string[]>([[p.required ? 9 : 5, present], [p.required ? 1 : 4, absent]]);
  });
  const extras =
    o.hostility !== 1
      ? fc.constant<string[]>([])
      : pick<string[]>([
          [12, fc.constant([])],
          [1, fc.tuple(hostileString, hostileString).map(([k, v]) => [`${percentEncode(k)}=${percentEncode(v)}`])],
          [1, fc.constantFrom(['&&&'], ['='], ['=x'], ['&'], ['%'], ['a=%zz'], ['_=1'], [`pad=${'x'.repeat(6000)}`])],
        ]);
  return fc.tuple(fc.tuple(...pieces), extras).map(([ps, extra]) => {
    const all = [...ps.flat(), ...extra];
    return all.length ? `?${all.join('&')}` : '';
  });
}

/** Form fields (multipart or urlencoded) from an object: arrays repeat the key, objects become JSON. */
const formEntries = (value: unknown): [string, string][] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, asText(x)] as [string, string]) : [[k, asText(v)] as [string, string]]))
    : [['value', asText(value)]];

function multipart(entries: [string, string][], boundary: string, extra = ''): Buffer {
  const parts = entries.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return Buffer.from(`${parts.join('')}${extra}--${boundary}--\r\n`);
}

type Payload = { contentType?: string; body?: Body };
// kept as generated (strings are shared, not copied): a long campaign holds every request in memory
const bytes = (data: string | Buffer, label: string): Body => ({ kind: 'bytes', data, label });

function bodyFor(op: FuzzOperation, o: GeneratorOptions): fc.Arbitrary<Payload> {
  const declared = Object.entries(op.body?.content ?? {});
  const shaped = declared.map(([type, schema]) =>
    fieldValue(schema, '', o).map((value): Payload => {
      if (type.includes('json')) return { contentType: type, body: bytes(JSON.stringify(value) ?? 'null', 'json from the schema') };
      if (type === 'application/x-www-form-urlencoded')
        return { contentType: type, body: bytes(new URLSearchParams(formEntries(value)).toString(), 'urlencoded from the schema') };
      if (type === 'multipart/form-data')
        return { contentType: `${type}; boundary=fuzzBoundary42`, body: bytes(multipart(formEntries(value), 'fuzzBoundary42'), 'multipart from the schema') };
      return { contentType: type, body: bytes(asText(value), 'text from the schema') };
    }),
  );
  const declaredShape = declared.length ? fc.oneof(...shaped) : fc.constant<Payload>({});
  if (o.hostility !== 1) return declaredShape;

  const anyJsonType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/merge-patch+json');
  const wrongType = fc.constantFrom(
    'application/json', 'text/plain', 'application/xml', 'text/html', 'application/octet-stream', '', '*/*', 'application/json; charset=utf-16',
    'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=',
    'multipart/form-data; boundary="unterminated', 'multipart/mixed; boundary=x', 'application/jsonx', 'json', 'application/json, text/plain',
    'APPLICATION/JSON', 'application/json;;;', 'text/plain; charset=utf-8', 'image/png',
  );
  const malformed = fc.constantFrom(
    '{', '}', '{"a":', '{"a" 1}', "{'a':1}", '{"a":1,}', '[1,2', 'nul', 'NaN', '{"a":NaN}', '{"a":1e999999}', '\u0000', '\ufeff{}',
    '{"__proto__":{"isAdmin":true}}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"a":1,"a":"b"}', '"\\x41"', '1 2', '{}{}', '',
    '--fuzzBoundary42\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', // no closing boundary
    'a=1&a=2&%zz=%', 'username=&password=', 'username[]=a&password[]=b',
  );
  const wrongJson = fc.constantFrom('[]', 'null', '0', '-1', '"text"', 'true', '[{}]', '[null]', '{}', '{"": ""}', '[[[[[[[]]]]]]]');
  const deep = fc.constantFrom(...DEEPLY_NESTED);
  const binary = fc.uint8Array({ maxLength: 512 }).map((a) => Buffer.from(a));
  const garbageMultipart = fc.tuple(fc.array(fc.tuple(hostileString, hostileString), { maxLength: 5 }), fc.boolean()).map(([entries, file]) =>
    multipart(
      entries,
      'fuzzBoundary42',
      file ? '--fuzzBoundary42\r\nContent-Disposition: form-data; name="username"; filename="../../x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n\u0000\u00ff\u0001\r\n' : '',
    ),
  );
  const json = JSON.stringify;

  return pick<Payload>([
    [declared.length ? 14 : 2, declaredShape],
    [2, fc.tuple(anyJsonType, wrongJson).map(([contentType, b]) => ({ contentType, body: bytes(b, 'json of another type') }))],
    [2, fc.tuple(wrongType, malformed).map(([contentType, b]) => ({ contentType, body: bytes(b, 'malformed') }))],
    [2, fc.tuple(wrongType, declaredShape).map(([contentType, p]) => ({ contentType, body: p.body }))],
    [1, declaredShape.map((p) => ({ body: p.body }))], // no Content-Type at all
    [1, fc.tuple(anyJsonType, fc.jsonValue({ maxDepth: 4 })).map(([contentType, v]) => ({ contentType, body: bytes(json(v) ?? 'null', 'any json') }))],
    [1, fc.tuple(wrongType, binary).map(([contentType, b]) => ({ contentType, body: bytes(b, 'binary') }))],
    [1, garbageMultipart.map((b) => ({ contentType: 'multipart/form-data; boundary=fuzzBoundary42', body: bytes(b, 'garbage multipart') }))],
    [1, fc.constantFrom(...declared.map(([t]) => t), 'application/json').map((contentType) => ({ contentType, body: bytes('', 'empty') }))],
    [1, fc.constant<Payload>({})], // no body at all
    [1, deep.map((b) => ({ contentType: 'application/json', body: bytes(b, 'deeply nested') }))],
    [
      1,
      fc.tuple(fc.integer({ min: 1, max: 64 * 1024 }), fc.boolean(), fc.constantFrom('a', '\u0000', '😀', '[')).map(
        ([over, chunked, unit]): Payload => ({
          contentType: 'application/json',
          body: { kind: 'repeat', unit, bytes: o.bodyLimit + over, prefix: '{"email":"', suffix: '"}', chunked, label: `over BODY_LIMIT${chunked ? ', chunked' : ''}` },
        }),
      ),
    ],
    [
      1,
      fc.constantFrom('username', 'email', 'password', 'bio', 'token', 'title').map(
        (field): Payload => ({
          contentType: 'application/json',
          body: { kind: 'repeat', unit: 'x', bytes: o.bodyLimit - 64, prefix: `{"${field}":"`, suffix: '"}', chunked: false, label: 'just under BODY_LIMIT' },
        }),
      ),
    ],
  ]);
}

const EXTRA_HEADERS: Record<string, string>[] = [
  { Accept: 'application/xml' },
  { Accept: 'text/html;q=0.9, */*;q=0.1' },
  { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
  { 'Content-Encoding': 'gzip' },
  { 'X-Forwarded-For': 'not-an-address, 1.1.1.1, ::1' },
  { 'X-Forwarded-For': "' OR 1=1 --" },
  { Origin: 'http://evil.example' },
  { Cookie: 'oidc_attempt=garbage; oidc_attempt=%00' },
  { Cookie: `oidc_attempt=${'a'.repeat(3000)}.${'b'.repeat(40)}` },
  { 'If-None-Match': '*' },
  { 'If-Modified-Since': 'yesterday' },
  { Range: 'bytes=0-0,-1' },
  { 'X-Request-Id': '../../\u00ff' },
  { 'X-HTTP-Method-Override': 'DELETE' },
  { Expect: '100-continue' },
];

/** `[[[…]]]` 10,000 and 200,000 levels deep, made once */
const DEEPLY_NESTED = [10_000, 200_000].map((n) => `${'['.repeat(n)}${']'.repeat(n)}`);

/** Longest request target sent: 8 kB, as most proxies and CDNs allow. */
const MAX_TARGET = 8 * 1024;

/** One request for an operation: its path, query, token and body, each mostly well-formed. */
export function requestFor(op: FuzzOperation, options: GeneratorOptions): fc.Arbitrary<FuzzRequest> {
  // `login.username` in the known values applies to POST /auth/login's `username` only
  const known = { ...options.known };
  for (const [key, value] of Object.entries(options.known)) if (key.startsWith(`${op.id}.`)) known[key.slice(op.id.length + 1)] = value;
  const o = { ...options, known };
  const extraHeaders =
    o.hostility !== 1 ? fc.constant({}) : pick<Record<string, string>>([[10, fc.constant({})], [1, fc.constantFrom(...EXTRA_HEADERS)]]);
  const payload = op.body || o.hostility !== 1 ? bodyFor(op, o) : pick<Payload>([[8, fc.constant({})], [1, bodyFor(op, o)]]);
  return fc.tuple(pathFor(op, o), queryFor(op, o), authFor(op, o), payload, extraHeaders).map(([{ path, routed }, query, auth, p, extra]) => ({
    op: op.id,
    routed,
    method: op.method,
    // Node's HTTP parser refuses request heads over 16 kB (431) before any of our code runs
    target: `${o.base}${path}${query}`.slice(0, MAX_TARGET),
    headers: { ...extra, ...(p.contentType !== undefined && { 'Content-Type': p.contentType }) },
    auth,
    body: p.body,
  }));
}

/** Requests no operation declares: other methods on known paths, unknown paths under the base. */
export function strayRequest(ops: FuzzOperation[], o: GeneratorOptions): fc.Arbitrary<FuzzRequest> {
  const paths = [...new Set(ops.map((op) => op.path.replace(/\{[^}]+\}/g, '1')))];
  const declared = new Set(ops.map((op) => `${op.method} ${op.path.replace(/\{[^}]+\}/g, '1')}`));
  return fc
    .tuple(
      fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND'),
      pick<string>([
        [4, fc.constantFrom(...paths)],
        [2, fc.tuple(fc.constantFrom(...paths), rawPiece).map(([p, r]) => `${p}/${r}`)],
        [2, hostileString.map((s) => `/${percentEncode(s)}`)],
        [1, fc.constantFrom('', '/', '//', '/..', '/%2e%2e/%2e%2e/', '/openapi.json/..', '/docs', '/v2', '/./health', '/health/..%2f')],
      ]),
    )
    .filter(([method, path]) => !declared.has(`${method} ${path}`))
    .map(([method, path]) => ({ op: 'stray', routed: false, method, target: `${o.base}${path}`.slice(0, MAX_TARGET), headers: {}, auth: { kind: 'none' } }));
}

// ---------------------------------------------------------------------------------------------
// Sending

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** the connection failed or the server did not answer in time */
  error?: string;
  /** the request sent before this one on the same connection (a suspect when the connection fails) */
  previous?: FuzzRequest;
}

const lastOnSocket = new WeakMap<object, FuzzRequest>();

/** Sends one raw request (node:http: no URL normalisation, no header rewriting). */
export function send(
  agent: http.Agent,
  port: number,
  request: FuzzRequest,
  authorization: string | undefined,
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...request.headers };
    if (authorization !== undefined) headers.Authorization = authorization;
    const body = request.body;
    const data = body?.kind === 'bytes' ? Buffer.from(body.data) : undefined;
    if (data) headers['Content-Length'] = String(data.length);
    if (body?.kind === 'repeat') {
      // said explicitly: node:http sends a GET or DELETE body without any framing otherwise
      if (body.chunked) headers['Transfer-Encoding'] = 'chunked';
      else headers['Content-Length'] = String(body.bytes);
    }
    let settled = false;
    const done = (answer: Answer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port, agent, method: request.method, path: request.target, headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= 4 * 1024 * 1024) chunks.push(chunk);
      });
      const text = () => Buffer.concat(chunks).toString('utf8');
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, text: text(), previous }));
      res.on('close', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, text: text(), error: res.complete ? undefined : 'the answer was cut short', previous }),
      );
    });
    let previous: FuzzRequest | undefined;
    req.on('socket', (socket) => {
      previous = lastOnSocket.get(socket);
      lastOnSocket.set(socket, request);
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy(new Error(`no answer within ${timeoutMs} ms`));
    });
    // The server may answer 413 and close while we are still uploading a body over the limit: the
    // upload fails (EPIPE) but the answer may still arrive. Settle on the answer, or on the close.
    let failure = 'the connection closed without an answer';
    req.on('error', (error: NodeJS.ErrnoException) => {
      failure = `${error.code ?? 'error'}: ${error.message}`;
    });
    req.on('close', () => {
      if (!answered) done({ status: 0, headers: {}, text: '', error: failure, previous });
    });
    if (data) req.end(data);
    else if (body?.kind === 'repeat') writeRepeated(req, body);
    else req.end();
  });
}

function writeRepeated(req: http.ClientRequest, body: Extract<Body, { kind: 'repeat' }>) {
  const unit = Buffer.from(body.unit);
  const prefix = Buffer.from(body.prefix);
  const suffix = Buffer.from(body.suffix);
  const fill = body.bytes - prefix.length - suffix.length;
  const block = Buffer.alloc(64 * 1024, unit);
  let left = Math.max(0, fill);
  req.write(prefix);
  const pump = () => {
    while (left > 0) {
      const piece = block.subarray(0, Math.min(left, block.length));
      left -= piece.length;
      if (!req.write(piece)) return void req.once('drain', pump);
    }
    req.end(suffix);
  };
  pump();
}

/** How a request reads in a failure report: enough to replay it by hand. */
export function describeRequest(request: FuzzRequest, authorization: string | undefined): string {
  const headers = { ...request.headers, ...(authorization !== undefined && { Authorization: authorization }) };
  const target = request.target.length > 600 ? `${request.target.slice(0, 600)}… (${request.target.length} characters)` : request.target;
  const lines = [`${request.method} ${target}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`  ${k}: ${JSON.stringify(v).slice(0, 200)}`);
  if (request.body?.kind === 'bytes') {
    const text = request.body.data.toString();
    const size = Buffer.byteLength(request.body.data);
    lines.push(`  body (${request.body.label}, ${size} bytes): ${JSON.stringify(text.slice(0, 400))}${text.length > 400 ? '…' : ''}`);
  } else if (request.body?.kind === 'repeat') {
    lines.push(`  body (${request.body.label}): ${JSON.stringify(request.body.prefix)} + ${JSON.stringify(request.body.unit)} repeated to ${request.body.bytes} bytes + ${JSON.stringify(request.body.suffix)}`);
  }
  return lines.join('\n');
}
