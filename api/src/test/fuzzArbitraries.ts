import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Test-only generators for the fuzz tests : values derived from the routes' zod schemas, hostile values of
 * every kind, and the request bodies and query strings built from them.
 */

/** The operand every hostile operator object carries; it must never reach a database call. */
export const OPERATOR_MARKER = 'FUZZ-OP-7f3a';
/** The value prototype-pollution keys try to plant. */
export const POLLUTION_MARKER = 'FUZZ-PROTO-9c1e';

/**
 * A plain object built with `defineProperty`, so that keys like `__proto__`
 * become own properties (and survive `JSON.stringify`) instead of setting
 * the prototype.
 */
export function plainObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** MongoDB query operators, each with the marker as operand: a NoSQL injection attempt when sent as a field's value. */
export const OPERATOR_OBJECTS: readonly unknown[] = [
  { $gt: OPERATOR_MARKER },
  { $ne: OPERATOR_MARKER },
  { $regex: OPERATOR_MARKER },
  { $where: OPERATOR_MARKER },
  { $in: [OPERATOR_MARKER] },
  { $nin: [OPERATOR_MARKER] },
  { $exists: OPERATOR_MARKER },
  { $expr: { $eq: [OPERATOR_MARKER, OPERATOR_MARKER] } },
  { $oid: OPERATOR_MARKER },
];

/** Objects trying prototype pollution. */
export const POLLUTION_OBJECTS: readonly unknown[] = [
  plainObject([['__proto__', { polluted: POLLUTION_MARKER }]]),
  plainObject([['constructor', { prototype: { polluted: POLLUTION_MARKER } }]]),
  plainObject([['prototype', { polluted: POLLUTION_MARKER }]]),
];

/** Strings that break naive code: control characters, lone surrogates, scripts, paths, templates, regexes, huge ones. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil.exe',
  '\u200B\u200C\u200D\uFEFF',
  '\u3164\u115F\u1160\uFFA0\u2800\u034F',
  'line\u2028paragraph\u2029',
  'Zoë 🎤 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 عربى 中文',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; db.users.drop(); "',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '${7*7}{{7*7}}',
  '.*',
  '(a+)+$',
  '[',
  '\\',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  'true',
  '$where',
  '__proto__',
  'a'.repeat(1_001),
  'Ā'.repeat(6_000),
  'x'.repeat(120_000),
];

/** Ids that are not ids, and ids that are well-formed but absent. */
export const HOSTILE_IDS: readonly string[] = [
  'zzzzzzzzzzzzzzzzzzzzzzzz',
  '123',
  '0'.repeat(24),
  'f'.repeat(24),
  'F'.repeat(24),
  'a'.repeat(25),
  'a'.repeat(23),
  '5f5f5f5f5f5f5f5f5f5f5f5g',
  ' 5f5f5f5f5f5f5f5f5f5f5f5f',
  'null',
  'undefined',
  '[object Object]',
  '../admin',
  '%2e%2e%2f',
  '{"$gt":""}',
  '0x5f5f5f5f5f5f5f5f5f5f5f',
  'ö'.repeat(24),
];

/** Any hostile JSON value: wrong types, odd numbers, hostile strings and ids, operator objects, pollution keys, deep and long arrays. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(0, -1, 1.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, true, false, null, [], {}, [null], [[[]]]),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_IDS),
  fc.constantFrom(...OPERATOR_OBJECTS),
  fc.constantFrom(...POLLUTION_OBJECTS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer().map((n) => [n, String(n), { n }]),
  fc.array(fc.constantFrom(...OPERATOR_OBJECTS), { maxLength: 3 }),
  fc.integer({ min: 1, max: 60 }).map((depth) => {
    let value: unknown = { $gt: OPERATOR_MARKER };
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
    return value;
  }),
);

/** Hostile keys to add to an object: `$`-operators, pollution keys, dotted paths. */
export const HOSTILE_KEYS: readonly string[] = ['$where', '$gt', '$set', '__proto__', 'constructor', 'prototype', 'role', 'userId', '_id', 'a.b', '$', ''];

/** What a generated object field may need to be valid. */
export interface FuzzHints {
  /** ids that exist, for fields matching the ObjectId pattern */
  ids?: readonly string[];
}

const OBJECT_ID_SOURCE = '^[a-f0-9]{24}$';

type Check = { check?: string; minimum?: number; maximum?: number; length?: number; value?: number | bigint; inclusive?: boolean; format?: string; pattern?: RegExp };
type Def = {
  type: string;
  checks?: { _zod: { def: Check } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  pattern?: RegExp;
};

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function checksOf(def: Def): Check[] {
  return (def.checks ?? []).map((c) => c._zod.def);
}

/** A value the schema should accept, most of the time (refinements and transforms are not modelled). */
export function validish(schema: z.ZodType, hints: FuzzHints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const checks = checksOf(def);
      const pattern = checks.find((c) => c.format === 'regex')?.pattern ?? (def.format === 'regex' ? def.pattern : undefined);
      // fast-check cannot generate from flagged regexes; the flags (i) only widen what matches.
      const unflagged = pattern ? new RegExp(pattern.source) : undefined;
      if (unflagged?.source === OBJECT_ID_SOURCE) {
        return hints.ids?.length ? fc.oneof(fc.constantFrom(...hints.ids), fc.stringMatching(unflagged)) : fc.stringMatching(unflagged);
      }
      if (unflagged) return fc.stringMatching(unflagged);
      if (checks.some((c) => c.format === 'email') || def.format === 'email') return fc.emailAddress();
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const max = checks.find((c) => c.check === 'max_length')?.maximum ?? 300;
      return fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, Math.min(max, 300)) });
    }
    case 'number': {
      const checks = checksOf(def);
      const lower = checks.find((c) => c.check === 'greater_than');
      const upper = checks.find((c) => c.check === 'less_than');
      const min = lower ? Number(lower.value) + (lower.inclusive ? 0 : 1) : -1000;
      const max = upper ? Number(upper.value) - (upper.inclusive ? 0 : 1) : 100_000;
      const integer = checks.some((c) => c.check === 'number_format') || def.format === 'safeint';
      return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) }) : fc.double({ min, max: Math.max(min, max), noNaN: true });
    }
    case 'int':
      return fc.integer({ min: 0, max: 6 });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { a: 'a' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array':
      return fc.array(validish(def.element!, hints), { maxLength: 5 });
    case 'object': {
      const shape = def.shape ?? {};
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, field] of Object.entries(shape)) fields[key] = validish(field, hints);
      return fc.record(fields, { requiredKeys: Object.keys(shape).filter((key) => !['optional', 'default', 'prefault'].includes(defOf(shape[key]!).type)) });
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(validish(def.innerType!, hints), { nil: undefined });
    case 'nullable':
      return fc.option(validish(def.innerType!, hints), { nil: null });
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return validish(def.innerType!, hints);
    case 'pipe':
      return defOf(def.in!).type === 'transform' ? validish(def.out!, hints) : validish(def.in!, hints);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => validish(option, hints)));
    default:
      return hostileValue;
  }
}

/**
 * A generated value for a schema: mostly one it should accept, sometimes a
 * hostile one — at every field of an object, so that one bad field hides
 * among good ones — and objects sometimes carry hostile extra keys.
 */
export function fuzzValue(schema: z.ZodType, hints: FuzzHints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (def.type === 'object' || (def.type === 'pipe' && defOf(def.in!).type === 'object')) {
    const shape = (def.type === 'object' ? def : defOf(def.in!)).shape ?? {};
    const fields = Object.entries(shape).map(([key, field]) =>
      fc.option(fc.oneof({ weight: 4, arbitrary: fuzzLeaf(field, hints) }, { weight: 1, arbitrary: hostileValue }), { nil: undefined, freq: 8 }).map((value) => [key, value] as const),
    );
    const extras = fc.array(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), hostileValue), { maxLength: 2 });
    return fc
      .tuple(fc.tuple(...fields), fc.oneof({ weight: 3, arbitrary: fc.constant([] as (readonly [string, unknown])[]) }, { weight: 1, arbitrary: extras }))
      .map(([present, extra]) => plainObject([...present.filter(([, value]) => value !== undefined), ...extra]));
  }
  return fc.oneof({ weight: 4, arbitrary: validish(schema, hints) }, { weight: 1, arbitrary: hostileValue });
}

function fuzzLeaf(schema: z.ZodType, hints: FuzzHints): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (def.type === 'object') return fuzzValue(schema, hints);
  return validish(schema, hints);
}

/**
 * A valid sample with one thing broken: a field replaced by a hostile value,
 * a field removed, or a hostile key added.
 */
export function mutated(sample: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(sample);
  const entries = Object.entries(sample);
  return fc.oneof(
    fc.tuple(fc.constantFrom(...keys), hostileValue).map(([key, value]) => plainObject(entries.map(([k, v]) => [k, k === key ? value : v] as const))),
    fc.constantFrom(...keys).map((key) => plainObject(entries.filter(([k]) => k !== key))),
    fc.tuple(fc.constantFrom(...HOSTILE_KEYS), hostileValue).map(([key, value]) => plainObject([...entries, [key, value]])),
    fc.constant(sample),
  );
}

/** Raw request bodies that are not (good) JSON objects. */
export const HOSTILE_RAW_BODIES: readonly string[] = [
  '',
  'null',
  '[]',
  '"text"',
  '123',
  '{',
  '{"title":',
  'not json at all',
  '\u0000',
  '\uFEFF{}',
  '{"title":"a","title":{"$gt":""}}',
  '1e999999',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '{"__proto__":{"polluted":"FUZZ-PROTO-9c1e"},"constructor":{"prototype":{"polluted":"FUZZ-PROTO-9c1e"}}}',
];

/** A generated body: its text and the Content-Type it is sent with (undefined: none). */
export interface FuzzBody {
  text: string;
  contentType: string | undefined;
}

/**
 * Bodies built from `value`: JSON mostly, sometimes under a wrong or missing
 * Content-Type, a hostile raw text, or a form-encoded body over `formKeys`.
 */
export function fuzzBody(value: fc.Arbitrary<unknown>, formKeys: readonly string[]): fc.Arbitrary<FuzzBody> {
  const contentType = fc.constantFrom<string | undefined>(
    'application/json',
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    undefined,
    'application/json; charset=utf-16',
    'application/vnd.api+json',
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(value, contentType).map(([v, type]) => ({ text: JSON.stringify(v) ?? 'null', contentType: type })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_RAW_BODIES), contentType).map(([text, type]) => ({ text, contentType: type })) },
    { weight: 1, arbitrary: fuzzQuery(formKeys).map((query) => ({ text: query, contentType: 'application/x-www-form-urlencoded' })) },
  );
}

/** A query-string key and value, hostile ones included; `good` values (e.g. the caller's id) come up often. */
const queryPair = (keys: readonly string[], good: readonly string[]) =>
  fc.tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...keys) },
      { weight: 1, arbitrary: fc.constantFrom('page[$gt]', '$where', '__proto__[polluted]', 'constructor[prototype][polluted]', 'sId[$ne]', 'search[]', '') },
    ),
    fc.oneof(
      { weight: 3, arbitrary: fc.oneof(fc.integer({ min: -5, max: 120 }).map(String), fc.constantFrom('csv', 'json', 'CSV', ' json ', 'xml', ...good)) },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 2000), ...HOSTILE_IDS) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
    ),
    fc.boolean(),
  );

/**
 * Percent-encodes `value`; a lone surrogate (which `encodeURIComponent`
 * refuses) becomes the bytes of an invalid UTF-8 sequence instead, which is
 * hostile in its own right.
 */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split(/([\uD800-\uDFFF])/)
      .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

/** Malformed percent-encodings that some decoders throw on. */
const BROKEN_ENCODINGS = ['%', '%%', '%E0%A4%A', '%ZZ', '%C0%AF', '%u0041', '%00'];

/**
 * A query string (without `?`) from the keys of a route's query (plus
 * hostile keys) and values of every kind; usually percent-encoded, sometimes
 * raw with broken escapes; keys may repeat.
 */
export function fuzzQuery(keys: readonly string[], good: readonly string[] = []): fc.Arbitrary<string> {
  const pairs = fc
    .array(queryPair(keys.length ? keys : ['q'], good), { maxLength: 6 })
    .map((list) => list.map(([key, value, raw]) => (raw ? `${key}=${value.replace(/[&#\s]/g, '')}` : `${encode(key)}=${encode(value)}`)).join('&'));
  return fc.oneof({ weight: 5, arbitrary: pairs }, { weight: 1, arbitrary: fc.tuple(pairs, fc.constantFrom(...BROKEN_ENCODINGS)).map(([q, broken]) => `${q}&x=${broken}`) });
}

/** A path parameter: a good value from `pool`, or a hostile one (percent-encoded). */
export function fuzzParam(pool: readonly string[]): fc.Arbitrary<string> {
  const hostile = fc.constantFrom(...HOSTILE_IDS, ...HOSTILE_STRINGS.filter((s) => s.length > 0 && s.length < 2000)).map((s) => encode(s));
  return pool.length
    ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.stringMatching(/^[a-f0-9]{24}$/) }, { weight: 2, arbitrary: hostile })
    : hostile;
}
