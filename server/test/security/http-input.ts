/**
 * Bad HTTP input for the REST fuzzer: fast-check arbitraries for path segments, query strings,
 * Authorization headers and bodies (JSON, broken JSON, invalid UTF-8, NUL bytes, multipart
 * junk), plus a raw-socket sender for bytes `fetch` would normalise or refuse (`..` segments,
 * invalid UTF-8 in the request line, non-ASCII header bytes).
 */
import { connect } from 'node:net';
import fc from 'fast-check';

/** Encodes what can be encoded; a lone surrogate is sent as its raw UTF-16 escape text instead. */
const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return escape(s);
  }
};

const nasty = [
  '0',
  '-1',
  '-0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '9'.repeat(40),
  String(Number.MAX_SAFE_INTEGER + 2),
  '00000000001',
  '..',
  '...',
  '%2e%2e',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..%5c..%5cwindows',
  '%2F',
  '%',
  '%%',
  '%E0%A4%A',
  '%ZZ',
  '%00',
  '%C0%AF',
  '%FF%FE',
  '%ED%A0%80',
  'userInfo',
  'ranking',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%20',
  '%0D%0ASet-Cookie:%20x=1',
  '<script>alert(1)</script>',
  encode('한글'),
  encode('😀'),
  '3f0c2a57-8a0e-4d7e-9d55-2f0b6a1f2c11',
  '3F0C2A57-8A0E-4D7E-9D55-2F0B6A1F2C11',
  'a'.repeat(3000),
];

/** A path segment, already in URL form. */
export const segment = (valid: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...valid) },
    { weight: 3, arbitrary: fc.constantFrom(...nasty) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.integer(), fc.double(), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }))
        .map((n) => encode(String(n))),
    },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encode) },
  );

const queryValue = fc.oneof(
  fc.constantFrom(...nasty, '', 'LATEST', 'POPULAR', 'KR', 'all', 'google', 'kakao'),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encode),
  fc.integer().map(String),
  fc.constantFrom('a'.repeat(6000), '&&&', '==', '=%=', '#frag'),
);

/** A raw query string (without `?`), keys drawn from the route's own parameters and common ones. */
export const query = (keys: string[]): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(
            ...keys,
            'userId',
            'page',
            'p',
            'sort',
            'cursor',
            'q',
            'continent',
            'code',
            'provider',
            'query',
            'state',
          ),
          fc.string({ maxLength: 8 }).map(encode),
        ),
        queryValue,
      ),
      { maxLength: 6 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

/** An Authorization header value (undefined: none). Valid tokens are mixed in so the handlers run too. */
export const authorization = (validTokens: string[], forged: string[]): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...validTokens.map((t) => `Bearer ${t}`)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom(...forged.map((t) => `Bearer ${t}`)) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom(
          '',
          'Bearer',
          'Bearer ',
          'Basic dXNlcjpwYXNz',
          'bearer x.y.z',
          'Bearer a.b.c',
          'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
          `Bearer ${'a'.repeat(8000)}`,
          'Bearer \u00e9\u00ff\u00fe',
          'Bearer a.b.c extra',
        ),
        fc.string({ maxLength: 200 }).map((s) => s.replace(/[\r\n\0]/g, '')),
        validTokens.length > 0
          ? fc.constantFrom(...validTokens).map((t) => `Bearer ${t.slice(0, -3)}abc`)
          : fc.constant('Bearer x'),
      ),
    },
  );

export type FuzzBody = { body?: string | Buffer | FormData; contentType?: string; label: string };

/** JSON values shaped after the route's schema: its field names with any values, fields missing, extra fields. */
const schemaJson = (fields: Record<string, unknown[]>): fc.Arbitrary<unknown> => {
  const names = Object.keys(fields);
  const value = (samples: unknown[]) =>
    fc.oneof(
      fc.constantFrom(...(samples.length > 0 ? samples : [null])),
      fc.jsonValue({ maxDepth: 2 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.integer(),
      fc.constantFrom('x'.repeat(5000), -1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2, '', '\u0000', true),
    );
  return names.length === 0
    ? fc.jsonValue({ maxDepth: 3 })
    : fc
        .tuple(
          fc.record(Object.fromEntries(names.map((n) => [n, value(fields[n]!)])), { requiredKeys: [] }),
          fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
        )
        .map(([known, extra]) => ({ ...extra, ...known }));
};

/** A request body: JSON (well or badly formed), text, bytes or multipart, with a matching or lying content type. */
export const body = (fields: Record<string, unknown[]>, multipart: boolean): fc.Arbitrary<FuzzBody> => {
  const json = 'application/json';
  const options: fc.Arbitrary<FuzzBody>[] = [
    schemaJson(fields).map((v) => ({ body: JSON.stringify(v), contentType: json, label: 'schema-shaped json' })),
    fc.jsonValue().map((v) => ({ body: JSON.stringify(v), contentType: json, label: 'any json' })),
    fc.constant({ label: 'no body' }),
    fc.string({ unit: 'binary', maxLength: 200 }).map((s) => ({ body: s, contentType: json, label: 'text as json' })),
    fc.uint8Array({ maxLength: 200 }).map((b) => ({
      body: Buffer.concat([
        Buffer.from('{"nickname":"'),
        Buffer.from(b),
        Buffer.from([0xff, 0xfe, 0xc0, 0x80]),
        Buffer.from('"}'),
      ]),
      contentType: json,
      label: 'invalid utf-8 json',
    })),
    fc
      .integer({ min: 1, max: 3000 })
      .map((n) => ({ body: `${'['.repeat(n)}${']'.repeat(n)}`, contentType: json, label: 'deep nesting' })),
    fc
      .integer({ min: 1, max: 3000 })
      .map((n) => ({ body: `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`, contentType: json, label: 'deep objects' })),
    fc
      .constantFrom(
        '{"nickname":"a\u0000b","refreshToken":"\u0000"}',
        '\u0000\u0000',
        '{"a":1,"a":2}',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '{',
        '{"nickname": ',
        'null',
        '"',
        '1e99999',
      )
      .map((s) => ({ body: s, contentType: json, label: 'edge json' })),
    fc
      .tuple(
        fc.string({ maxLength: 50 }),
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'multipart/form-data',
          'application/json; charset=latin1',
          'application/json;;;',
          '*/*',
          '',
        ),
      )
      .map(([s, ct]) => ({ body: s, contentType: ct, label: 'other content type' })),
    fc.tuple(fc.string({ maxLength: 40 }), fc.uint8Array({ maxLength: 100 })).map(([s, b]) => ({
      body: [
        '--x',
        'Content-Disposition: form-data; name="nickname"',
        '',
        s,
        '--x',
        'Content-Disposition: form-data; name="file"; filename="a.png"',
        '',
        `${Buffer.from(b).toString('latin1')}\r\n`,
      ].join('\r\n'),
      contentType: 'multipart/form-data; boundary=x',
      label: 'multipart, no closing boundary',
    })),
    fc.uint8Array({ maxLength: 100 }).map((b) => ({
      body: Buffer.from(b),
      contentType: 'multipart/form-data; boundary=',
      label: 'multipart, empty boundary',
    })),
  ];
  if (multipart) {
    options.push(
      fc
        .tuple(
          fc.dictionary(
            fc.constantFrom('nickname', 'introduction', 'file', 'x', ''),
            fc.string({ unit: 'binary', maxLength: 60 }),
            { maxKeys: 4 },
          ),
          fc.uint8Array({ maxLength: 300 }),
          fc.boolean(),
        )
        .map(([fieldsIn, bytes, withFile]) => {
          const f = new FormData();
          for (const [k, v] of Object.entries(fieldsIn)) f.append(k, v);
          if (withFile) f.append('file', new Blob([bytes]), 'f.png');
          return { body: f, label: 'multipart form' };
        }),
    );
  }
  return fc.oneof(...options);
};

/** Sends raw bytes as one HTTP/1.1 request and resolves with the status and body (connection closed after). */
export function rawRequest(
  port: number,
  head: Buffer | string,
  bodyBytes: Buffer = Buffer.alloc(0),
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const headEnd = all.indexOf('\r\n\r\n');
      const headText = all.subarray(0, Math.max(headEnd, 0)).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headText)?.[1] ?? 0);
      const rest = all.subarray(headEnd + 4);
      resolve({
        status,
        body: (/transfer-encoding:\s*chunked/i.test(headText) ? unchunk(rest) : rest).toString('utf8'),
      });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error('raw request timed out')));
    socket.write(Buffer.concat([Buffer.isBuffer(head) ? head : Buffer.from(head, 'latin1'), bodyBytes]));
  });
}

function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = bytes;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.subarray(0, eol).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(rest.subarray(eol + 2, eol + 2 + size));
    rest = rest.subarray(eol + 4 + size);
  }
}
