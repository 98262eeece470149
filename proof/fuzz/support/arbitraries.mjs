// fast-check arbitraries of malformed requests for one route of the policy: path tricks in its parameters, bad query
// strings, bodies mutated from a valid example (wrong types, missing and extra fields, huge strings and arrays, deep
// nesting, SQL and script payloads, NUL and lone surrogates), raw bytes that are not UTF-8, wrong content types and
// encodings, oversized bodies, forged cookies and origins.
import fc from 'fast-check';
import { bodySpecOf, jsonSchemaOf } from './bodies.mjs';

const MB = 1024 * 1024;

// ---------------------------------------------------------------- payload pools (constants shrink to the first)
const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)--',
  "' UNION SELECT NULL,NULL--",
  '$1',
  "\\'",
  "E'\\x00'",
];
const SCRIPT = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '<svg/onload=alert(1)>',
];
const ODD_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u200b\ufeff',
  '🛩️✈️'.repeat(50),
  '%00',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '9'.repeat(400),
  '2030-02-30T25:61:61Z',
  '0000-00-00',
  'not-an-email@',
  'a@b',
  '\r\nSet-Cookie: x=1',
  '\t\n\v\f\r',
];
const NUMBERS = [0, -0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 0.1 + 0.2, 123456789012345];

/** Lazily built big values (a body is built when the case is sent, not when it is generated). */
const BIG = {
  string10k: () => 'x'.repeat(10_000),
  string200k: () => 'y'.repeat(200_000),
  array10k: () => Array.from({ length: 10_000 }, (_, i) => i),
  arrayOfObjects: () => Array.from({ length: 2_000 }, () => ({ a: 'b' })),
  deep500: () => nest(500),
  deep1500: () => nest(1_500),
  wideObject: () => Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])),
};

function nest(depth) {
  let v = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** A JSON value of a wrong or hostile kind (symbolic: resolved by `materialize`). */
export const hostileValue = fc.oneof(
  fc.constantFrom(null, true, false, {}, [], [null], { $gt: '' }, JSON.parse('{"__proto__":{"polluted":1}}')),
  fc.constantFrom(...NUMBERS),
  fc.constantFrom(...ODD_TEXT, ...SQL, ...SCRIPT),
  fc.constantFrom(...Object.keys(BIG)).map((big) => ({ $big: big })),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Replaces `{ $big: name }` markers with the big value. */
export function materialize(value) {
  if (Array.isArray(value)) return value.map(materialize);
  if (value && typeof value === 'object') {
    if (typeof value.$big === 'string' && Object.keys(value).length === 1) return BIG[value.$big]();
    const out = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, k, { value: materialize(v), enumerable: true, configurable: true, writable: true });
    return out;
  }
  return value;
}

// ---------------------------------------------------------------- body mutations
/** Dotted paths of the fields of a JSON Schema (objects walked one level into nested objects). */
function fieldPaths(jsonSchema, example) {
  const paths = new Set();
  const walk = (schema, prefix, depth) => {
    for (const [name, sub] of Object.entries(schema?.properties ?? {})) {
      const path = prefix ? `${prefix}.${name}` : name;
      paths.add(path);
      if (depth < 2 && sub?.type === 'object') walk(sub, path, depth + 1);
    }
  };
  walk(jsonSchema, '', 0);
  const walkExample = (value, prefix) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [k, v] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${k}` : k;
      paths.add(path);
      walkExample(v, path);
    }
  };
  walkExample(example, '');
  return [...paths];
}

const clone = (v) => (v === undefined ? undefined : structuredClone(v));

function setPath(obj, path, value) {
  const keys = path.split('.');
  let cur = obj;
  for (const key of keys.slice(0, -1)) {
    if (!cur[key] || typeof cur[key] !== 'object') cur[key] = {};
    cur = cur[key];
  }
  Object.defineProperty(cur, keys.at(-1), { value, enumerable: true, configurable: true, writable: true });
}

function deletePath(obj, path) {
  const keys = path.split('.');
  let cur = obj;
  for (const key of keys.slice(0, -1)) {
    if (!cur[key] || typeof cur[key] !== 'object') return;
    cur = cur[key];
  }
  delete cur[keys.at(-1)];
}

/** One mutation of a JSON body: a description (for the report) and the function applying it. */
function mutationArb(paths) {
  const field = paths.length ? fc.constantFrom(...paths) : fc.constant('field');
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(field, hostileValue).map(([path, v]) => ({ op: 'set', path, value: v })) },
    { weight: 2, arbitrary: field.map((path) => ({ op: 'delete', path })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constantFrom(
              '__proto__',
              'constructor',
              'prototype',
              'id',
              'userId',
              'role',
              'isAdmin',
              'status',
              'createdAt',
              '$where',
            ),
            fc.string({ maxLength: 12 }),
          ),
          hostileValue,
        )
        .map(([path, v]) => ({ op: 'extra', path, value: v })),
    },
  );
}

function applyMutations(example, mutations) {
  const body = clone(example) ?? {};
  for (const m of mutations) {
    if (m.op === 'delete') deletePath(body, m.path);
    else setPath(body, m.path, materialize(m.value));
  }
  return body;
}

/** A JSON value for the body: the example mutated, or something that is not an object at all. */
function jsonBodyArb(spec, ctx) {
  const example = spec?.example ? spec.example(ctx) : { name: 'x' };
  const paths = fieldPaths(jsonSchemaOf(spec), example);
  return fc.oneof(
    {
      weight: 10,
      arbitrary: fc
        .array(mutationArb(paths), { minLength: 1, maxLength: 4 })
        .map((ms) => ({ kind: 'mutated', mutations: ms, build: () => applyMutations(example, ms) })),
    },
    { weight: 2, arbitrary: hostileValue.map((v) => ({ kind: 'replaced', value: v, build: () => materialize(v) })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'example', build: () => clone(example) }) },
  );
}

// ---------------------------------------------------------------- raw encodings of a body
const INVALID_UTF8 = [
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xc0, 0xaf]), // overlong '/'
  Buffer.from([0xe0, 0x80, 0xaf]),
  Buffer.from([0xed, 0xa0, 0x80]), // encoded surrogate
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0xc3]), // truncated sequence
  Buffer.from([0x00]),
];

/** How the JSON value goes on the wire. */
const encodingArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ enc: 'json' }) },
  { weight: 2, arbitrary: fc.record({ enc: fc.constant('bad-utf8'), bytes: fc.constantFrom(...INVALID_UTF8.keys()) }) },
  { weight: 1, arbitrary: fc.record({ enc: fc.constant('truncated'), cut: fc.integer({ min: 1, max: 50 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      enc: fc.constant('text'),
      text: fc.constantFrom(
        '',
        'null',
        'true',
        '"x"',
        '[]',
        '{',
        '{"a":}',
        '{"a":1,"a":2}',
        "{'a':1}",
        'a=1&b=2',
        '\ufeff{}',
        '{"a":1} trailing',
        'NaN',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '['.repeat(10_000),
        `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
        `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
        `${'['.repeat(7_000)}${']'.repeat(7_000)}`,
      ),
    }),
  },
);

/** Now and then a body far over every parser's limit (kept rare: each one is megabytes on the wire). */
const sizedEncodingArb = fc.oneof(
  { weight: 60, arbitrary: encodingArb },
  { weight: 1, arbitrary: fc.record({ enc: fc.constant('oversized'), mb: fc.constantFrom(0.2, 1, 4) }) },
);

function encode(value, encoding) {
  const json = JSON.stringify(value) ?? 'null';
  switch (encoding.enc) {
    case 'json':
      return Buffer.from(json, 'utf8');
    case 'bad-utf8': {
      // Raw bytes that are not UTF-8 inside the first string of the JSON (or after the opening brace).
      const at = Math.max(1, json.indexOf('"') + 1);
      return Buffer.concat([
        Buffer.from(json.slice(0, at), 'utf8'),
        INVALID_UTF8[encoding.bytes],
        Buffer.from(json.slice(at), 'utf8'),
      ]);
    }
    case 'truncated':
      return Buffer.from(json.slice(0, Math.max(0, json.length - encoding.cut)), 'utf8');
    case 'text':
      return Buffer.from(encoding.text, 'utf8');
    case 'oversized':
      return Buffer.from(
        JSON.stringify({
          ...(value && typeof value === 'object' && !Array.isArray(value) ? value : {}),
          pad: 'p'.repeat(Math.round(encoding.mb * MB)),
        }),
        'utf8',
      );
    default:
      throw new Error(`unknown encoding ${encoding.enc}`);
  }
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json; charset=nonsense',
  'application/JSON',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'application/octet-stream',
  'application/csp-report',
  '*/*',
  'a/b/c',
  ';;;',
  '',
  null,
];

/** Content type, mostly JSON (so the body reaches the validation), sometimes wrong. */
const contentTypeArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  { weight: 4, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
);

const contentEncodingArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'x-unknown', 'identity, gzip') },
);

// ---------------------------------------------------------------- multipart (CSV uploads)
const CSV_TEXTS = [
  'ident,name\n',
  'code,name,city\nKXYZ,"unterminated\n',
  '"","",""\n'.repeat(100),
  'a,b\n' + 'x,'.repeat(10_000) + '\n',
  '\u0000,\u0000\n',
  '=cmd|"/c calc"!A1,foo\n',
  "airport,name\nK'; DROP TABLE fbos;--,x\n",
];

function multipartArb(field) {
  return fc
    .record({
      field: fc.constantFrom(field, 'file', '', 'x'.repeat(300)),
      filename: fc.constantFrom(
        'fbos.csv',
        'airports.csv',
        '../../etc/passwd',
        'a.exe',
        '',
        'x'.repeat(1000) + '.csv',
        'e\u0301.csv',
        'nul\u0000.csv',
      ),
      csv: fc.constantFrom(...CSV_TEXTS.keys()),
      boundaryTrick: fc.constantFrom('ok', 'missing-end', 'wrong-boundary', 'no-boundary-param', 'two-files'),
    })
    .map((m) => ({ kind: 'multipart', ...m }));
}

function encodeMultipart(m) {
  const boundary = '----fuzzboundary';
  const part = (name) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${m.field}"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${CSV_TEXTS[m.csv]}\r\n`;
  let text = part(m.filename);
  if (m.boundaryTrick === 'two-files') text += part('second.csv');
  if (m.boundaryTrick !== 'missing-end') text += `--${boundary}--\r\n`;
  const ct =
    m.boundaryTrick === 'no-boundary-param'
      ? 'multipart/form-data'
      : m.boundaryTrick === 'wrong-boundary'
        ? 'multipart/form-data; boundary=other'
        : `multipart/form-data; boundary=${boundary}`;
  return { body: Buffer.from(text, 'latin1'), contentType: ct };
}

// ---------------------------------------------------------------- path and query
const PATH_TRICKS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
  '..%2f..%2f..%2fhealth',
  '%252e%252e%252f',
  '%c0%ae%c0%ae',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ff%fe',
  '\u00ff\u00fe', // raw bytes 0xff 0xfe in the request line
  '\u00c3\u00a9', // raw UTF-8 'é'
  '%F0%9F%9B%A9',
  '%20',
  '+',
  '%2F',
  '%5C..%5C',
  ';jsessionid=1',
  '-1',
  '0',
  '99999999999999999999999',
  '1e309',
  'NaN',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  "1'%20OR%20'1'%3D'1",
  "'",
  '%27%3B%20DROP%20TABLE%20aircraft%3B--',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '123e4567-e89b-12d3-a456-42661417400Z',
];

/** One path parameter: a real id (not for DELETE), a random UUID, a trick, or an overlong id. */
function paramArb(name, policy, ctx) {
  const real = policy.method === 'DELETE' ? [] : (ctx.realIds?.[name] ?? []);
  const options = [
    { weight: 3, arbitrary: fc.constantFrom(...PATH_TRICKS) },
    { weight: 1, arbitrary: fc.uuid().map(String) },
    { weight: 1, arbitrary: fc.constantFrom(300, 2_000, 9_000).map((n) => 'a'.repeat(n)) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~-]{1,20}$/) },
  ];
  if (real.length) options.push({ weight: 3, arbitrary: fc.constantFrom(...real) });
  return fc.oneof(...options);
}

const QUERY_KEYS = [
  'q',
  'query',
  'search',
  'limit',
  'before',
  'offset',
  'page',
  'pageSize',
  'sort',
  'order',
  'status',
  'code',
  'make',
  'model',
  'filter',
  'fields',
  'include',
  '__proto__',
  'constructor',
];
const QUERY_VALUES = [
  '',
  '1',
  '-1',
  '0',
  '1e309',
  'NaN',
  '99999999999999999999',
  'true',
  '%00',
  '%',
  '%zz',
  '%ff',
  '\u00ff',
  'a%00b',
  "'%20OR%201=1--",
  '%3Cscript%3E',
  'x'.repeat(5_000),
  '%2e%2e%2f',
  '[]',
  '{}',
];

const queryArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...QUERY_KEYS),
            fc.constantFrom('a[b]', 'a[b][c][d]', 'a[]', 'a[__proto__][x]', 'a[0]', 'a[99999]', '%00', ''),
          ),
          fc.oneof(fc.constantFrom(...QUERY_VALUES), fc.stringMatching(/^[A-Za-z0-9]{0,10}$/)),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '??',
      '?&&&',
      '?=',
      '?a',
      '?a=1&a=2&a=3',
      `?${'p=1&'.repeat(2_000)}`,
      `?q=${'%41'.repeat(3_000)}`,
      '?#frag',
    ),
  },
);

/** The path of a route with its parameters replaced. Literal segments are sometimes re-cased or get a trailing slash. */
function pathArb(policy, ctx) {
  const segments = policy.path.split('/').slice(1);
  const parts = segments.map((s) => (s.startsWith(':') ? paramArb(s.slice(1), policy, ctx) : fc.constant(s)));
  return fc
    .tuple(
      fc.tuple(...parts),
      fc.constantFrom('as-is', 'as-is', 'as-is', 'trailing-slash', 'upper', 'double-slash'),
      queryArb,
    )
    .map(([values, style, query]) => {
      let path = `/${values.join('/')}`;
      if (style === 'trailing-slash') path += '/';
      if (style === 'upper') path = path.replace(/[a-z]/g, (c, i) => (i % 3 ? c : c.toUpperCase()));
      if (style === 'double-slash') path = path.replace('/', '//');
      return path + query;
    });
}

// ---------------------------------------------------------------- headers
/** Mostly the site's own origin and the caller's own cookie (so the request reaches the service), sometimes not. */
const headersArb = fc.record({
  origin: fc.oneof(
    { weight: 12, arbitrary: fc.constant('site') },
    { weight: 2, arbitrary: fc.constant('none') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('http://evil.example', 'null', 'http://localhost:8080.evil.example', 'garbage'),
    },
  ),
  cookie: fc.oneof(
    { weight: 12, arbitrary: fc.constant('own') },
    { weight: 1, arbitrary: fc.constantFrom('forged', 'garbage', 'huge', 'own+forged') },
  ),
  accept: fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom('*/*', 'text/html', 'text/event-stream', 'application/pdf', '') },
  ),
  extra: fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ['x-http-method-override', 'DELETE'],
        ['x-forwarded-for', '1.2.3.4, 5.6.7.8'],
        ['x-rampquote-identity', 'forged.identity.sig'],
        ['transfer-encoding-hint', 'x'],
        ['range', 'bytes=0-1,5-10'],
        ['if-none-match', '*'],
        ['accept-encoding', 'gzip;q=0, x;q=1'],
      ),
    },
  ),
});

// ---------------------------------------------------------------- one request
/**
 * A malformed request to `policy` (a route of the route policy). Symbolic until `toWire(caseValue, persona)` turns it
 * into method, path, headers and body bytes; `describe` prints it for a report.
 */
export function requestArb(policy, ctx) {
  const spec = bodySpecOf(policy);
  const hasBody = policy.method !== 'GET' && policy.method !== 'DELETE';
  let bodyArb;
  if (spec?.kind === 'multipart') {
    bodyArb = fc.oneof(
      { weight: 3, arbitrary: multipartArb(spec.field) },
      { weight: 1, arbitrary: fc.constant({ kind: 'multipart-none' }) },
    );
  } else if (hasBody && spec?.kind !== 'none') {
    bodyArb = fc
      .record({
        value: jsonBodyArb(spec, ctx),
        encoding: sizedEncodingArb,
        contentType: contentTypeArb,
        contentEncoding: contentEncodingArb,
      })
      .map((b) => ({ kind: 'json', ...b }));
  } else {
    // No body expected: mostly none, sometimes one anyway.
    bodyArb = fc.oneof(
      { weight: 4, arbitrary: fc.constant({ kind: 'empty' }) },
      {
        weight: 1,
        arbitrary: fc
          .record({
            value: jsonBodyArb(spec, ctx),
            encoding: sizedEncodingArb,
            contentType: contentTypeArb,
            contentEncoding: contentEncodingArb,
          })
          .map((b) => ({ kind: 'json', ...b })),
      },
    );
  }
  return fc
    .record({ path: pathArb(policy, ctx), headers: headersArb, body: bodyArb })
    .map((c) => ({ method: policy.method, route: policy.path, ...c }));
}

/** Method, path, headers and body bytes of a case, for a persona `{ cookie, origin }`. */
export function toWire(c, persona, siteOrigin) {
  const headers = {};
  if (c.headers.origin === 'site') headers.origin = siteOrigin;
  else if (c.headers.origin !== 'none') headers.origin = c.headers.origin;
  if (c.headers.accept) headers.accept = c.headers.accept;
  const forged = 'rq.sid=s%3Aforged-session-id.c2lnbmF0dXJl';
  const own = persona.cookie;
  const cookie = {
    own,
    forged,
    garbage: '=;=;;\u00ff=\u00fe',
    huge: `rq.sid=${'z'.repeat(6_000)}`,
    'own+forged': own ? `${own}; ${forged}` : forged,
  }[c.headers.cookie];
  if (cookie) headers.cookie = cookie;
  if (c.headers.extra) headers[c.headers.extra[0]] = c.headers.extra[1];

  let body;
  if (c.body.kind === 'json') {
    body = encode(c.body.value.build(), c.body.encoding);
    if (c.body.contentType !== null) headers['content-type'] = c.body.contentType;
    if (c.body.contentEncoding) headers['content-encoding'] = c.body.contentEncoding;
  } else if (c.body.kind === 'multipart') {
    const m = encodeMultipart(c.body);
    body = m.body;
    headers['content-type'] = m.contentType;
  } else if (c.body.kind === 'multipart-none') {
    headers['content-type'] = 'multipart/form-data; boundary=x';
    body = Buffer.alloc(0);
  }
  return { method: c.method, path: c.path, headers, body };
}

/** A short printable form of a wire request (body cut to 600 characters). */
export function describeWire(w) {
  const text = w.body ? w.body.toString('latin1') : '';
  const cut = text.length > 600 ? `${text.slice(0, 600)}… (${w.body.length} bytes)` : text;
  const headers = Object.entries(w.headers)
    .map(([k, v]) => `${k}: ${k === 'cookie' ? String(v).slice(0, 60) : v}`)
    .join(' | ');
  return `${w.method} ${w.path.length > 300 ? `${w.path.slice(0, 300)}… (${w.path.length} chars)` : w.path}\n    headers: ${headers}\n    body: ${JSON.stringify(cut)}`;
}
