import fc from 'fast-check';

// Hostile inputs for the fuzz test: values a client can send that no form would, as JSON text and
// as query strings. Objects are kept as key/value pairs so that `__proto__` travels as a real key.

/** A JSON object written from pairs: `{"__proto__": …}` survives, as it does on the wire. */
export class Pairs {
  constructor(public readonly pairs: Array<[string, unknown]>) {}
}

export function toJson(v: unknown): string {
  if (v instanceof Pairs) return `{${v.pairs.map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v !== null && typeof v === 'object') return toJson(new Pairs(Object.entries(v)));
  if (typeof v === 'number' && !Number.isFinite(v)) return '1e999';
  return JSON.stringify(v) ?? 'null';
}

export const NASTY_STRINGS = [
  '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf',
  '99999999999999999999999', '1e300', '-1e300', '1e999', '-1', '0', '1.5', '-0', '0.001', '2147483647', '2147483648', '4294967296',
  '9007199254740993', '-9007199254740993', '99999999.999', 'NaN', 'Infinity', '0x10', '1e3', ' 12 ', '１２３', '001', '+1',
  '', ' ', '\u0000', 'a\u0000b', '\u0001\u0002', '\u001b[31m', '\u007f', '\ud800', '😀', '\u202e', '\r\n',
  '%00', '%', '_', '\\', "'", '"', '1,2,3', '1,,x', ',', '-1,2147483648', 'x'.repeat(5000), '9'.repeat(400), '汉'.repeat(1000),
  '2026-02-30', '2026-13-45 25:61:61', '9999-12-31 23:59:59', '0000-00-00', 'null', 'undefined', 'true', 'false', '[]', '{}',
  '<script>alert(1)</script>', "' or 1=1 --", '../../etc/passwd', 'red', 'login', 'a.png', 'a.exe',
];

export const NASTY_NUMBERS = [
  0, -1, 1, 2, 1.5, -0.5, 0.001, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e21, 1e300, -1e300, Infinity,
  99999999999999999999999, 100, 200, 700, 9999, 10000, 100001,
];

export const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', '\u0008', '\u001f', '\ud83d')).map(([s, c]) => s + c + s) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 8000 }).map((n) => 'x'.repeat(n)) },
);

export const nastyNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Any JSON value, hostile at every level; `keys` are the field names worth trying. */
export function nastyValue(keys: string[]): fc.Arbitrary<unknown> {
  const key = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype') }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: leaf },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map((p) => new Pairs(p)) },
    ),
  }));
  return value;
}

/** A body: wrong top-level types, objects of hostile fields, or a valid body with one field spoiled. */
export function nastyBody(keys: string[], valid: Record<string, unknown> | null): fc.Arbitrary<unknown> {
  const value = nastyValue(keys);
  const field = fc.array(fc.tuple(fc.constantFrom(...keys, '__proto__', 'constructor'), value), { maxLength: 8 }).map((p) => new Pairs(p));
  const options: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 1, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(value, { maxLength: 3 }) },
    { weight: 3, arbitrary: field },
  ];
  if (valid) options.push({ weight: 6, arbitrary: spoiled(valid, value) });
  return fc.oneof(...options);
}

/** The valid body with one field (at any depth) replaced, removed, or joined by a `__proto__` key. */
function spoiled(valid: Record<string, unknown>, value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid);
  return fc.tuple(fc.constantFrom(...paths), fc.constantFrom('replace', 'replace', 'replace', 'drop', 'proto', 'array'), value).map(([path, how, v]) => {
    const copy = structuredClone(valid) as Record<string, unknown>;
    const parent = path.slice(0, -1).reduce<any>((o, k) => o[k], copy);
    const last = path[path.length - 1]!;
    if (how === 'replace') parent[last] = v;
    else if (how === 'drop') delete parent[last];
    else if (how === 'array') parent[last] = [parent[last]];
    else return new Pairs([['__proto__', v], ...Object.entries(copy)]);
    return copy;
  });
}

function pathsOf(v: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(v)) return v.flatMap((x, i) => [[...prefix, i], ...pathsOf(x, [...prefix, i])]);
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [[...prefix, k], ...pathsOf(x, [...prefix, k])]);
  return [];
}

/** A query: hostile values (one or repeated) under the route's own names and a few others. */
export function nastyQuery(keys: string[], valid: Record<string, string> | null): fc.Arbitrary<Array<[string, string]>> {
  const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty') });
  const pairs = fc.array(fc.tuple(key, nastyString), { maxLength: 6 });
  if (!valid) return pairs;
  const base = Object.entries(valid);
  return fc.oneof(pairs, pairs.map((p) => [...base.filter(([k]) => !p.some(([pk]) => pk === k)), ...p]));
}

/** A path segment: valid ids of the fixture, out-of-range numbers, words, encoded bytes. */
export function nastySegment(valid: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...(valid.length ? valid : ['1'])) },
    { weight: 4, arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '2147483647', '2147483648', '9007199254740993', '99999999999999999999', 'abc', '__proto__', 'constructor', '%00', 'a%00b', '%E6%B1%89', '1,2', ' 1', 'null', '') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent) },
  );
}
