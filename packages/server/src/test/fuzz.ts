import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER, errorBodySchema, MAX_ID } from '@kassa/contract';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { ownTables } from './snapshot.js';

// The machinery of http/fuzz.api.test.ts: the app's routes read from its own route table,
// generators of adversarial requests, a cheap detector of database writes, and the checks every
// answer must pass. The test file decides the order, the users and the known bugs.

const positiveInt = (text: string | undefined, fallback: number) => {
  const n = Number(text);
  return text !== undefined && text !== '' && Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/** Requests per route; CI keeps the default, `FUZZ_RUNS=500 npx vitest run …` digs deeper locally. */
export const FUZZ_RUNS = positiveInt(process.env['FUZZ_RUNS'], 32);
/** The fixed seed of every route's generator (each route mixes its own name in); `FUZZ_SEED` changes it. */
export const FUZZ_SEED = positiveInt(process.env['FUZZ_SEED'], 0x4b617373);
/** `FUZZ_KEEP_GOING=1`: do not stop a route at its first problem; list every distinct one at its end. */
export const FUZZ_KEEP_GOING = process.env['FUZZ_KEEP_GOING'] === '1';
/** `FUZZ_VERBOSE=1`: print each route's answers by status. */
export const FUZZ_VERBOSE = process.env['FUZZ_VERBOSE'] === '1';

// ---------------------------------------------------------------------------------------------
// Routes

export interface Route {
  method: HTTPMethods;
  /** As registered: `/api/transaction/getbyid/:id`. */
  path: string;
  /** Path parameter names, in order. */
  params: string[];
}

export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** A route as fastify's onRoute hook reports it (the test file collects them while the app is built). */
export interface RegisteredRoute {
  method: string | string[];
  url: string;
}

/**
 * Every route of the app but HEAD and OPTIONS (fastify derives HEAD from GET; GET routes get some
 * HEAD requests), from the routes its onRoute hook saw being registered, plugins' included.
 */
export function listRoutes(registered: readonly RegisteredRoute[]): Route[] {
  const routes = new Map<string, Route>();
  for (const r of registered)
    for (const method of [r.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const route: Route = {
        method,
        path: r.url,
        params: [...r.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*'),
      };
      routes.set(routeKey(route), route);
    }
  if (routes.size === 0) throw new Error('no routes registered: is the onRoute hook in place?');
  return [...routes.values()];
}

// ---------------------------------------------------------------------------------------------
// What the generators know of the world

export const KINDS = [
  'transaction',
  'category',
  'pocket',
  'fixpoint',
  'conversion',
  'rule',
  'batch',
  'user',
  'schedule',
] as const;
export type Kind = (typeof KINDS)[number];
const KIND_TABLES: Record<Kind, string> = {
  transaction: 'transactions',
  category: 'categories',
  pocket: 'pockets',
  fixpoint: 'fixpoints',
  conversion: 'conversions',
  rule: 'category_rules',
  batch: 'import_batches',
  user: 'users',
  schedule: 'schedules',
};

/** A logged-in user the requests act as (or whose ids they borrow). */
export interface Actor {
  email: string;
  password: string;
  userId: number;
  token: string;
}

/** Ids the generators draw from: the acting user's own, another user's, both read from the database. */
export interface Pools {
  own: Record<Kind, number[]>;
  foreign: Record<Kind, number[]>;
  /** Currencies the acting user keeps. */
  currencies: string[];
  self: { email: string; password: string };
  other: { email: string };
  /** The acting user's backup document, the seed of backup/restore bodies. */
  backup: unknown;
}

export async function loadPools(database: Database, self: Actor, other: Actor, backup: unknown): Promise<Pools> {
  const idsOf = async (kind: Kind, userId: number): Promise<number[]> => {
    const column = kind === 'user' ? 'id' : 'user_id';
    const { rows } = await sql<{ id: number | string }>`select id from ${sql.table(KIND_TABLES[kind])} where ${sql.ref(
      column,
    )} = ${userId} order by id`.execute(database.db);
    return rows.map((r) => Number(r.id));
  };
  const own = {} as Record<Kind, number[]>;
  const foreign = {} as Record<Kind, number[]>;
  for (const kind of KINDS) {
    own[kind] = await idsOf(kind, self.userId);
    foreign[kind] = await idsOf(kind, other.userId);
  }
  const { rows } = await sql<{ code: string }>`select code from user_currencies where user_id = ${self.userId}`.execute(
    database.db,
  );
  return {
    own,
    foreign,
    currencies: rows.map((r) => r.code),
    self: { email: self.email, password: self.password },
    other: { email: other.email },
    backup,
  };
}

/** The kind of entity a path's `:id` names. */
export function kindOfPath(routePath: string): Kind | undefined {
  if (routePath.includes('getallincat') || /\/(category|loan|business)\//.test(routePath)) return 'category';
  if (routePath.includes('/transaction/')) return 'transaction';
  if (routePath.includes('/conversion/')) return 'conversion';
  if (/\/(fixpoint|pocketstate)\//.test(routePath)) return 'fixpoint';
  if (routePath.includes('/pocket/')) return 'pocket';
  if (routePath.includes('/rule/')) return 'rule';
  if (routePath.includes('/schedule/')) return 'schedule';
  if (routePath.includes('/import/')) return 'batch';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Values

/** A number written into the JSON text as is: 1e400 parses to Infinity, 1e-400 to 0, 20 digits lose precision. */
export class Raw {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `@@RAW@@${this.text}@@`;
  }
  toString(): string {
    return this.text;
  }
}

/** JSON text of a generated value, Raw numbers written out unquoted. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value) as string | undefined;
  return (text ?? 'null').replace(/"@@RAW@@(.*?)@@"/g, '$1');
}

/** An own property named __proto__ (an object literal would set the prototype instead). */
const protoKeyed = () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}') as unknown;

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
};

const LONG = 'x'.repeat(100_000);
const ADVERSARIAL_LEAVES: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  0.1,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  'null',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  'undefined',
  '[object Object]',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFFx',
  '\uFEFF',
  '\u202Eevil',
  '🙂'.repeat(200),
  'e\u0301'.repeat(300),
  "' OR 1=1 --",
  "'); drop table users; --",
  '%_\\',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '\r\n\t\v\f',
  '٣٤٥',
  '１２３',
  'x'.repeat(1001),
  LONG,
  [],
  [null],
  [1, 2, 3],
  ['a', { b: [] }],
  {},
  { id: 1 },
  nested(2000),
  new Raw('1e400'),
  new Raw('-1e400'),
  new Raw('1e-400'),
  new Raw('123456789012345678901234567890'),
  new Raw('1.0'),
  new Raw('-0'),
  new Raw('1E2'),
  new Raw('0.30000000000000004'),
];

/** Any value at all: the fixed adversarial list, or random JSON, text and numbers. */
export const adversarialArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ADVERSARIAL_LEAVES) },
  { weight: 1, arbitrary: fc.constant(protoKeyed()) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 90, maxLength: 600 }) },
  { weight: 2, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => new Raw(n.toString())) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const MS_1900 = Date.UTC(1900, 0, 1);
const MS_2200 = Date.UTC(2200, 0, 1) - 1;

const isoArb = fc.integer({ min: MS_1900, max: MS_2200 }).map((ms) => new Date(ms).toISOString());
/** Instants near the books' own days (the sample books live in March 2024). */
const nearIsoArb = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2024, 11, 31) })
  .map((ms) => new Date(ms).toISOString());
const instantArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nearIsoArb },
  { weight: 2, arbitrary: isoArb },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '2024-03-05T12:00:00Z',
      '2024-03-05T12:00:00+14:00',
      '2024-03-05T12:00:00-12:00',
      '2024-03-05T12:00:00.123456789Z',
      '1900-01-01T00:00:00Z',
      '1900-01-01T00:00:00+01:00',
      '2199-12-31T23:59:59.999Z',
      '2199-12-31T23:59:59-01:00',
      '1899-12-31T23:59:59Z',
      '2200-01-01T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '+275760-09-13T00:00:00Z',
      '2024-02-30T00:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-03-05T25:00:00Z',
      '2024-03-05',
      '2024-03-05T12:00:00',
      '2024-03-05 12:00:00Z',
      'today',
      '1709640000000',
    ),
  },
);
const dayArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: MS_1900, max: MS_2200 }).map((ms) => new Date(ms).toISOString().slice(0, 10)),
  fc.constantFrom('2024-03-31', '1900-01-01', '2199-12-31', '2200-01-01', '1899-12-31', '2024-02-30', '2024-3-5'),
  instantArb,
);

const amountArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 100_000 }).map((c) => c / 100) },
  { weight: 2, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }) },
  { weight: 1, arbitrary: fc.double({ min: -1e7, max: 1e7, noNaN: true }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      0,
      -0,
      0.001,
      0.005,
      1e-9,
      12.345,
      99999999999.99,
      1e12,
      1e13,
      1e15,
      2 ** 53 - 1,
      2 ** 53 + 2,
      1e21,
      1e300,
      '12.5+3',
      '12.5+3-0.5',
      '1,5',
      '1.000,50',
      '1 000',
      '-5',
      '--5',
      '5-',
      '+',
      '',
      ' ',
      '1e3',
      '0x10',
      'Infinity',
      'NaN',
      '1/0',
      '(1)',
      '٣',
      '9'.repeat(400),
      `${'1+'.repeat(2000)}1`,
      new Raw('1e400'),
      new Raw('123456789012345678901234567890'),
    ),
  },
);
const currencyArb = (p: Pools): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...(p.currencies.length > 0 ? p.currencies : ['EUR'])) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('EUR', 'USD', 'JPY', 'GBP', 'CHF', 'HUF', 'BHD', 'KWD', 'CLF', 'ISK', 'XAU', 'XXX'),
    },
    { weight: 1, arbitrary: fc.constantFrom('eur', ' usd ', 'ZZZ', 'BTC', 'EU', 'EURO', '', '€', 'E\u0000R') },
  );
const textArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      '   ',
      'a'.repeat(100),
      'a'.repeat(101),
      'a'.repeat(500),
      'a'.repeat(501),
      'ä'.repeat(5000),
      '\u0000',
      'Lunch\u0000 with\u0007 Bob\r\n',
      '\uD800',
      '🙂'.repeat(101),
      'e\u0301'.repeat(60),
      "'; drop table users; --",
      'Food: out;  side',
      '=cmd|" /C calc"!A0',
      '\u202E\uFEFF',
      '%_',
      '\\',
    ),
  },
);
const patternArb: fc.Arbitrary<unknown> = fc.oneof(
  textArb,
  fc.constantFrom(
    '(a+)+$',
    '(x+x+)+y',
    '(.*a){20}$',
    '((a|aa)+)*b',
    '(\\w+\\s?)+$',
    '\\w{1,1000}'.repeat(18),
    '.{1,1000}',
    '(a)\\1',
    'a++',
    '(?>a+)b',
    '(?<=a)b',
    '(?!a)b',
    '[',
    '(?<n>a)\\k<n>',
    '.*',
    '\\',
    '\\p{L}+',
    '[^]*',
    '(?=a)',
    'a'.repeat(200),
    'a'.repeat(201),
    '((((((((((a))))))))))*',
    '(?i)rewe',
    '\\u{1F600}',
  ),
);
const boolArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom(null, 'true', 'false', 0, 1, 'in', 'out') },
);
const typeArb: fc.Arbitrary<unknown> = fc.constantFrom(
  'real',
  'loan',
  'business',
  'external',
  'invest',
  'pnl',
  'realize',
  'conversion',
  'REAL',
  '',
  null,
);
const limitArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 1, max: 50 }),
  fc.constantFrom(0, -1, 1, 5000, 5001, 1.5, 2 ** 31, '10', 1e308),
);
const emailArb = (p: Pools): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.emailAddress() },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        p.self.email,
        p.other.email,
        p.self.email.toUpperCase(),
        ` ${p.self.email} `,
        'not-an-email',
        '',
        'a@b',
        `${'x'.repeat(250)}@e.co`,
        'é@ü.de',
        '"a b"@c.de',
        'a@b.co\u0000',
        'a@b.co\n',
      ),
    },
  );
const passwordArb = (p: Pools): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(p.self.password) },
    { weight: 2, arbitrary: fc.string({ minLength: 8, maxLength: 20 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        'short',
        'wrong-password',
        'x'.repeat(1024),
        'x'.repeat(1025),
        ` ${p.self.password}`,
      ),
    },
  );
const codeArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.stringMatching(/^[A-Z2-9]{6,10}$/),
  fc.constantFrom('123456', '000000', 'ABCDEFGHJK', 'a'.repeat(64), 'a'.repeat(65), ' ', '..', '%00'),
  fc.string({ maxLength: 12 }),
);

const ID_EDGES: unknown[] = [
  0,
  -1,
  -0,
  1.5,
  MAX_ID,
  MAX_ID + 1,
  2 ** 32,
  2 ** 53 + 2,
  1e21,
  1e308,
  -(2 ** 31),
  '1',
  '01',
  '1e3',
  'NaN',
  '',
  null,
  true,
  [1],
  { id: 1 },
  new Raw('1e400'),
  new Raw('1.0'),
  new Raw('1E0'),
];
export const idArb = (p: Pools, kind: Kind | undefined): fc.Arbitrary<unknown> => {
  const own = kind === undefined ? KINDS.flatMap((k) => p.own[k]) : p.own[kind];
  const foreign = kind === undefined ? KINDS.flatMap((k) => p.foreign[k]) : p.foreign[kind];
  const options: fc.WeightedArbitrary<unknown>[] = [
    { weight: 3, arbitrary: fc.constantFrom(...ID_EDGES) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 10_000 }) },
  ];
  if (own.length > 0) options.push({ weight: 6, arbitrary: fc.constantFrom(...own) });
  if (foreign.length > 0) options.push({ weight: 3, arbitrary: fc.constantFrom(...foreign) });
  return fc.oneof(...options);
};

const arrayOf = (item: fc.Arbitrary<unknown>, max = 4): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.array(item, { maxLength: max }) },
    { weight: 1, arbitrary: item.map((v) => Array.from({ length: 1001 }, () => v)) },
  );

const csvColumnArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('Date', 'Amount', 'Payee', 'Description', 'Currency', 'Id', 'Debit', 'Credit', 'nope', ''),
  fc.integer({ min: -1, max: 1001 }),
);

const validName = fc.oneof(
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,15}$/),
  fc.constantFrom('Café', 'Miete März', 'Zürich', '東京', 'Food: out;  side'),
);
const validAmount = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 100_000 }).map((c) => c / 100) },
  { weight: 1, arbitrary: fc.constantFrom('12.5+3', '100-0.5', '7') },
);

/**
 * A value the contract accepts for a field of this name (undefined when the name is unknown), so
 * some requests get past validation into the services; `choices` overrides it per route.
 */
export function validValue(key: string, p: Pools, pathKind: Kind | undefined): fc.Arbitrary<unknown> | undefined {
  const ids = (kind: Kind) =>
    p.own[kind].length > 0 ? fc.constantFrom(...p.own[kind]) : fc.integer({ min: 1, max: 50 });
  const near = fc
    .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2024, 11, 31) })
    .map((ms) => new Date(ms).toISOString());
  switch (key) {
    case 'id':
      return ids(pathKind ?? 'transaction');
    case 'afterId':
      return ids('transaction');
    case 'categoryId':
      return ids('category');
    case 'pocketId':
      return ids('pocket');
    case 'fixpointId':
      return ids('fixpoint');
    case 'categoryIds':
      return fc.array(ids('category'), { maxLength: 3 });
    case 'ids':
      return fc.array(ids('transaction'), { minLength: 1, maxLength: 3 });
    case 'changes':
      return fc.record({ categoryId: ids('category'), description: validName }, { requiredKeys: [] });
    case 'amount':
    case 'fromAmount':
    case 'toAmount':
    case 'balance':
    case 'startBalance':
    case 'minAmount':
    case 'maxAmount':
      return validAmount;
    case 'monthlyLimit':
      return fc.oneof(fc.constant(null), validAmount);
    case 'currency':
    case 'fromCurrency':
    case 'toCurrency':
      return fc.constantFrom(...(p.currencies.length > 0 ? p.currencies : ['EUR']));
    case 'mainCurrency':
      return fc.constantFrom('EUR', 'USD', 'JPY');
    case 'currencies':
      return fc.subarray(p.currencies);
    case 'time':
    case 'start':
    case 'end':
    case 'afterTime':
      return near;
    case 'date':
      return fc.oneof(
        near,
        near.map((t) => t.slice(0, 10)),
      );
    case 'interval':
      return fc.tuple(near, near).map(([a, b]) => (a <= b ? { start: a, end: b } : { start: b, end: a }));
    case 'after':
      return fc.record({ time: near, id: ids('transaction') });
    case 'description':
    case 'name':
    case 'firstName':
    case 'lastName':
      return validName;
    case 'recaptcha':
      return fc.constant('');
    case 'code':
      return fc.stringMatching(/^[A-Z2-9]{6,10}$/);
    case 'pattern':
      return fc.constantFrom('REWE', 'Coffee', '^Salary', 'Strom|Power', 'caf[eé]', '(a+)+$', '(.*a){20}$');
    case 'email':
      return fc.oneof(fc.constant(p.self.email), fc.emailAddress());
    case 'password':
    case 'oldPassword':
      return fc.constant(p.self.password);
    case 'newPassword':
    case 'password2':
    case 'newPassword2':
      return fc.string({ minLength: 8, maxLength: 20 });
    case 'isIncome':
    case 'isActive':
    case 'isCash':
    case 'direction':
    case 'fixpoint':
      return fc.boolean();
    case 'match':
      return fc.constantFrom('contains', 'regex');
    case 'active':
    case 'replace':
      return fc.constantFrom('true', 'false');
    case 'directions':
      return fc.subarray([true, false]);
    case 'type':
      return fc.constantFrom('real', 'loan', 'business', 'external', 'invest', 'pnl', 'realize');
    case 'types':
      return fc.subarray(['real', 'loan', 'business', 'external', 'conversion']);
    case 'limit':
      return fc.integer({ min: 1, max: 100 });
    case 'position':
    case 'skipLines':
      return fc.integer({ min: 0, max: 3 });
    case 'items':
      return fc.array(fc.record({ name: validName, isCash: fc.boolean() }), { maxLength: 2 });
    case 'rows':
      return fc.array(
        fc.record(
          {
            line: fc.integer({ min: 1, max: 4 }),
            categoryId: ids('category'),
            skip: fc.boolean(),
            match: fc.boolean(),
          },
          { requiredKeys: ['line'] },
        ),
        { maxLength: 3 },
      );
    case 'format':
      return fc.constantFrom('auto', 'csv');
    case 'encoding':
      return fc.constantFrom('utf-8', 'windows-1252');
    case 'delimiter':
      return fc.constant(',');
    case 'decimalSeparator':
      return fc.constant('.');
    case 'thousandsSeparator':
      return fc.constant('');
    case 'dateFormat':
      return fc.constant('YYYY-MM-DD');
    case 'columns':
      return fc.constant({ date: 'Date', amount: 'Amount', payee: 'Payee', description: 'Description' });
    case 'csv':
      return fc.record(
        {
          delimiter: fc.constant(','),
          decimalSeparator: fc.constant('.'),
          dateFormat: fc.constant('YYYY-MM-DD'),
          skipLines: fc.constant(0),
        },
        { requiredKeys: [] },
      );
    default:
      return undefined;
  }
}

/** Values a field of this name takes: mostly right, with near misses (edges, other users' ids) mixed in. */
export function goodValue(key: string, p: Pools, pathKind: Kind | undefined): fc.Arbitrary<unknown> {
  const valid = validValue(key, p, pathKind);
  const near = nearValue(key, p, pathKind);
  return valid === undefined ? near : fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: near });
}

/** Edge and near-miss values of a field of this name. */
function nearValue(key: string, p: Pools, pathKind: Kind | undefined): fc.Arbitrary<unknown> {
  switch (key) {
    case 'id':
      return idArb(p, pathKind);
    case 'afterId':
      return idArb(p, 'transaction');
    case 'categoryId':
      return idArb(p, 'category');
    case 'pocketId':
      return idArb(p, 'pocket');
    case 'fixpointId':
      return idArb(p, 'fixpoint');
    case 'categoryIds':
      return arrayOf(idArb(p, 'category'));
    case 'ids':
      return arrayOf(idArb(p, 'transaction'));
    case 'changes':
      return fc.oneof(
        fc.record({ categoryId: idArb(p, 'category'), description: textArb }, { requiredKeys: [] }),
        fc.constantFrom(null, {}, [], 'category'),
      );
    case 'amount':
    case 'fromAmount':
    case 'toAmount':
    case 'balance':
    case 'startBalance':
    case 'minAmount':
    case 'maxAmount':
      return fc.oneof({ weight: 8, arbitrary: amountArb }, { weight: 1, arbitrary: fc.constant(null) });
    case 'monthlyLimit':
      return fc.oneof(fc.constant(null), amountArb, fc.constantFrom(1e12, 1e12 + 1));
    case 'currency':
    case 'fromCurrency':
    case 'toCurrency':
    case 'mainCurrency':
      return currencyArb(p);
    case 'currencies':
      return arrayOf(currencyArb(p));
    case 'time':
    case 'start':
    case 'end':
    case 'afterTime':
      return instantArb;
    case 'date':
      return dayArb;
    case 'interval':
      return fc
        .tuple(fc.oneof(nearIsoArb, isoArb), fc.oneof(nearIsoArb, isoArb))
        .map(([a, b]) => (a <= b ? { start: a, end: b } : { start: b, end: a }));
    case 'after':
      return fc.record({ time: instantArb, id: idArb(p, 'transaction') });
    case 'description':
    case 'name':
    case 'firstName':
    case 'lastName':
    case 'recaptcha':
    case 'code':
      return textArb;
    case 'pattern':
      return patternArb;
    case 'email':
      return emailArb(p);
    case 'password':
    case 'password2':
    case 'oldPassword':
    case 'newPassword':
    case 'newPassword2':
      return passwordArb(p);
    case 'isIncome':
    case 'isActive':
    case 'isCash':
    case 'direction':
    case 'skip':
    case 'fixpoint':
      return boolArb;
    case 'match':
      return fc.oneof(fc.constantFrom('contains', 'regex', 'exact'), boolArb);
    case 'active':
    case 'replace':
      return fc.constantFrom('true', 'false', 'yes', '', 'TRUE', '1');
    case 'directions':
      return arrayOf(fc.oneof(boolArb, fc.constantFrom('in', 'out')), 3);
    case 'type':
      return typeArb;
    case 'types':
      return arrayOf(typeArb);
    case 'limit':
      return limitArb;
    case 'position':
    case 'skipLines':
      return fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constantFrom(-1, 1_000_000, 1_000_001, 1.5));
    case 'items':
      return arrayOf(fc.record({ name: textArb, isCash: boolArb }, { requiredKeys: [] }), 3);
    case 'rows':
      return arrayOf(
        fc.record(
          {
            line: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.constantFrom(0, -1, 1.5, 1e9)),
            categoryId: fc.oneof(idArb(p, 'category'), fc.constant(null)),
            skip: boolArb,
            match: boolArb,
          },
          { requiredKeys: ['line'] },
        ),
        5,
      );
    case 'format':
      return fc.constantFrom('auto', 'csv', 'ofx', 'qif', 'camt052', 'camt053', 'mt940', 'xlsx', '');
    case 'encoding':
      return fc.constantFrom('utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-1', 'iso-8859-2', 'ebcdic');
    case 'delimiter':
      return fc.constantFrom(',', ';', '\t', '|', ':', '', ',,');
    case 'decimalSeparator':
    case 'thousandsSeparator':
      return fc.constantFrom('.', ',', '', ' ', "'", '_');
    case 'dateFormat':
      return fc.constantFrom('YYYY-MM-DD', 'DD.MM.YYYY', 'MM/DD/YY', 'YYYYMMDD', 'DD/MM/YYYY', 'ISO', '');
    case 'columns':
      return fc.record(
        {
          date: csvColumnArb,
          amount: csvColumnArb,
          debit: csvColumnArb,
          credit: csvColumnArb,
          description: csvColumnArb,
          payee: csvColumnArb,
          currency: csvColumnArb,
          id: csvColumnArb,
        },
        { requiredKeys: [] },
      );
    case 'csv':
      return objectArb(
        [
          'delimiter?',
          'decimalSeparator?',
          'thousandsSeparator?',
          'dateFormat?',
          'encoding?',
          'skipLines?',
          'columns?',
        ],
        p,
        pathKind,
        'any',
      );
    default:
      return fc.oneof(textArb, fc.integer(), fc.boolean(), idArb(p, pathKind));
  }
}

/** Keys an unknown body or query string is tried with: every field name the API knows, and some it should not. */
const VOCABULARY = [
  'id',
  'amount',
  'currency',
  'categoryId',
  'pocketId',
  'fixpointId',
  'time',
  'start',
  'end',
  'interval',
  'description',
  'name',
  'type',
  'isIncome',
  'email',
  'password',
  'code',
  'limit',
  'after',
  'userId',
  'user_id',
  'role',
  '__proto__',
  'constructor',
  'toString',
  '',
  'ü',
];

/** Fixed choices for some fields of one route (a transaction's type is not a category's). */
export type Choices = Record<string, readonly unknown[]>;

function fieldArb(key: string, p: Pools, pathKind: Kind | undefined, mode: 'good' | 'any', choices: Choices) {
  const fixed = Object.hasOwn(choices, key) ? choices[key] : undefined;
  const valid = fixed !== undefined ? fc.constantFrom(...fixed) : validValue(key, p, pathKind);
  if (mode === 'good') return valid ?? nearValue(key, p, pathKind);
  const options: fc.WeightedArbitrary<unknown>[] = [
    { weight: 2, arbitrary: nearValue(key, p, pathKind) },
    { weight: 1, arbitrary: adversarialArb },
  ];
  if (valid !== undefined) options.push({ weight: 3, arbitrary: valid });
  return fc.oneof(...options);
}

/**
 * An object of these keys (a trailing ? marks an optional one): in 'good' mode every required key
 * with a valid value; in 'any' mode some keys missing, near misses and odd values, extra keys.
 */
export function objectArb(
  keys: string[],
  p: Pools,
  pathKind: Kind | undefined,
  mode: 'good' | 'any',
  choices: Choices = {},
): fc.Arbitrary<Record<string, unknown>> {
  const names = keys.map((k) => k.replace(/\?$/, ''));
  const required = keys.filter((k) => !k.endsWith('?'));
  const model = Object.fromEntries(names.map((k) => [k, fieldArb(k, p, pathKind, mode, choices)]));
  if (mode === 'good') return fc.record(model, { requiredKeys: required });
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.array(fc.tuple(fc.constantFrom(...VOCABULARY), adversarialArb), { maxLength: 2 }) },
      ),
    )
    .map(([record, extra]) => {
      const out: Record<string, unknown> = { ...record };
      for (const [k, v] of extra) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true });
      return out;
    });
}

// ---------------------------------------------------------------------------------------------
// Bodies and query strings by route

/**
 * What a route reads: its JSON body and its query parameters (the API's contract, by hand; a
 * trailing ? marks an optional key). Routes not listed get generic bodies and query strings.
 */
export type BodyShape =
  | { keys: string[]; choices?: Choices; fix?: (body: Record<string, unknown>) => void }
  | { arrayOf: string[]; choices?: Choices }
  | { value: string }
  | { seed: 'backup' }
  | { multipart: true };
export interface RouteShape {
  body?: BodyShape;
  query?: string[];
}

const TRANSACTION = ['amount', 'currency', 'categoryId', 'description?', 'time', 'isIncome?', 'type?'];
const TRANSACTION_CHOICES: Choices = { type: [null, 'invest', 'pnl', 'realize'] };
const CONVERSION = ['fromAmount', 'fromCurrency', 'toAmount', 'toCurrency', 'description?', 'time'];
const FILTER = ['interval?', 'categoryIds?', 'currencies?', 'directions?', 'types?', 'limit?', 'after?'];
const PAGED_INTERVAL = ['start', 'end', 'limit?', 'after?'];
const CATEGORY_CHOICES: Choices = { type: ['real', 'loan', 'business'] };
const RULE = ['match', 'pattern', 'categoryId', 'minAmount?', 'maxAmount?', 'currency?', 'position?'];
const SCHEDULE = ['rule', 'start', 'end?', 'mode', 'weekend?', 'payload'];
/** Calendar dates, rules the library reads (and some it does not), payloads of both kinds. */
const SCHEDULE_CHOICES: Choices = {
  rule: ['FREQ=MONTHLY;BYMONTHDAY=-1', 'FREQ=WEEKLY;INTERVAL=2', 'FREQ=DAILY;COUNT=3', 'FREQ=HOURLY', 'NOPE=1', ''],
  start: ['2024-01-31', '2024-02-29', '2026-11-01', '2024-13-01'],
  end: [null, '2024-12-31', '2023-01-01'],
  occurrence: ['2024-01-31', '2024-02-29', '2024-03-31', '2024-02-30', '2026-11-01'],
  date: ['2024-03-01', '2024-02-31'],
  mode: ['post', 'remind', 'never'],
  weekend: ['as-is', 'before', 'after', 'sometimes'],
  payload: [
    { kind: 'transaction', amount: 12.5, currency: 'EUR', categoryId: 1, description: 'Rent' },
    { kind: 'transaction', amount: null, currency: 'EUR', categoryId: 2, description: 'Power' },
    { kind: 'conversion', fromAmount: 10, fromCurrency: 'EUR', toAmount: 11, toCurrency: 'USD', description: '' },
    { kind: 'conversion', fromAmount: null, fromCurrency: 'EUR', toAmount: null, toCurrency: 'USD', description: '' },
    { kind: 'loan' },
  ],
};
/** Copies a password into its confirmation most of the time, so some requests get past the match check. */
const confirm = (a: string, b: string) => (body: Record<string, unknown>) => {
  if (a in body && typeof body[b] === 'string' && body[b].length % 4 !== 0) body[b] = body[a];
};

export const ROUTE_SHAPES: Record<string, RouteShape> = {
  'POST /api/transaction/add': { body: { keys: TRANSACTION, choices: TRANSACTION_CHOICES } },
  'POST /api/transaction/update': { body: { keys: ['id', ...TRANSACTION], choices: TRANSACTION_CHOICES } },
  'POST /api/transaction/getfiltered': { body: { keys: FILTER } },
  'POST /api/transaction/getconvertedsum': { body: { keys: FILTER } },
  'POST /api/transaction/bulk': {
    body: { keys: ['ids', 'action', 'changes?'], choices: { action: ['delete', 'update', 'move', ''] } },
  },
  'GET /api/transaction/getallincat/:id': { query: ['limit', 'afterTime', 'afterId'] },
  'POST /api/conversion/add': { body: { keys: CONVERSION } },
  'POST /api/conversion/update': { body: { keys: ['id', ...CONVERSION] } },
  'POST /api/conversion/getbetween': { body: { keys: PAGED_INTERVAL } },
  'POST /api/fixpoint/getbetween': { body: { keys: PAGED_INTERVAL } },
  'POST /api/fixpoint/calcerror': { body: { arrayOf: ['pocketId', 'balance'] }, query: ['time'] },
  'POST /api/fixpoint/set': { body: { arrayOf: ['pocketId', 'balance'] }, query: ['time'] },
  'POST /api/pocketstate/update': { body: { arrayOf: ['fixpointId', 'pocketId', 'balance'] } },
  'POST /api/currency/add': {
    body: { keys: ['currency', 'items?'], choices: { currency: ['GBP', 'CHF', 'HUF', 'PLN', 'CAD', 'BHD', 'ISK'] } },
  },
  'POST /api/category/add': {
    body: {
      keys: ['name', 'type', 'description?', 'isIncome?', 'isActive?', 'monthlyLimit?'],
      choices: CATEGORY_CHOICES,
    },
  },
  'POST /api/category/update': {
    body: {
      keys: ['id', 'name', 'description?', 'isActive', 'monthlyLimit?', 'type?', 'isIncome?'],
      choices: { type: ['real', 'loan', 'business', 'external'] },
    },
  },
  'GET /api/category/getall': { query: ['type', 'active', 'isIncome'] },
  'POST /api/pocket/add': { body: { keys: ['name', 'currency', 'isCash?'] } },
  'POST /api/pocket/addmany': { body: { arrayOf: ['name', 'currency', 'isCash?'] } },
  'POST /api/pocket/update': { body: { keys: ['pocketId', 'name', 'isCash', 'currency?'] } },
  'POST /api/rule/add': { body: { keys: RULE } },
  'POST /api/rule/update': { body: { keys: ['id', ...RULE] } },
  'POST /api/analytics/balances': { body: { value: 'date' } },
  'POST /api/analytics/holdings': { body: { value: 'date' } },
  'POST /api/analytics/cashflow': { body: { keys: ['start', 'end'] } },
  'POST /api/analytics/balance-history': { body: { keys: ['start', 'end'] } },
  'POST /api/analytics/oneperiod': { body: { keys: ['interval', 'direction'] } },
  'POST /api/analytics/multiperiod': { body: { keys: ['interval', 'direction'] } },
  'POST /api/analytics/conversion-costs': { body: { keys: ['start', 'end'] } },
  'POST /api/analytics/networth-bridge': { body: { keys: ['start', 'end'] } },
  'POST /api/analytics/fixpoint-drift': { body: { keys: ['start', 'end'] } },
  'POST /api/analytics/exposure': { body: { keys: ['start', 'end'] } },
  'POST /api/exrate/used': { body: { keys: ['start', 'end'] } },
  'POST /api/auth/login': { body: { keys: ['email', 'password'] } },
  'POST /api/auth/forgot-password': { body: { keys: ['email'] } },
  'POST /api/admin/invite': { body: { keys: ['email'] } },
  'POST /api/auth/reset-password': {
    body: { keys: ['token', 'password', 'password2'], fix: confirm('password', 'password2') },
  },
  'POST /api/account/signup': {
    body: { keys: ['email', 'password', 'password2', 'recaptcha?'], fix: confirm('password', 'password2') },
  },
  'POST /api/account/initial-data': {
    body: {
      keys: ['firstName', 'lastName?', 'mainCurrency', 'startBalance', 'categories?'],
      choices: {
        categories: [
          [],
          [{ name: 'Groceries', isIncome: false }],
          [
            { name: 'Rent', isIncome: false },
            { name: 'Salary', isIncome: true },
          ],
          [{ name: 'Other expense', isIncome: false }],
          [{ name: '', isIncome: true }],
        ],
      },
    },
  },
  'POST /api/account/changepass': {
    body: { keys: ['oldPassword', 'newPassword', 'newPassword2'], fix: confirm('newPassword', 'newPassword2') },
  },
  'POST /api/backup/restore': { body: { seed: 'backup' }, query: ['replace'] },
  'POST /api/import/preview': { body: { multipart: true } },
  'POST /api/import/commit/:id': { body: { keys: ['rows?', 'fixpoint?'] } },
  'POST /api/schedule/add': { body: { keys: SCHEDULE, choices: SCHEDULE_CHOICES } },
  'POST /api/schedule/update': { body: { keys: ['id', ...SCHEDULE], choices: SCHEDULE_CHOICES } },
  'POST /api/schedule/confirm/:id': {
    body: {
      keys: ['occurrence', 'amount?', 'fromAmount?', 'toAmount?', 'description?', 'date?'],
      choices: SCHEDULE_CHOICES,
    },
  },
  'POST /api/schedule/skip/:id': { body: { keys: ['occurrence'], choices: SCHEDULE_CHOICES } },
  'POST /api/schedule/upcoming': { body: { keys: ['days'], choices: { days: [1, 7, 30, 366, 0, 367, 1.5] } } },
  'GET /api/export/csv': { query: ['start', 'end', 'categoryIds', 'currencies', 'directions', 'types'] },
};

/** A mutated copy of a seed: some places replaced by odd values, removed, or given extra keys. */
function mutateSeed(seed: unknown, p: Pools): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, prefix: (string | number)[]) => {
    if (paths.length > 5000) return;
    if (Array.isArray(value))
      value.forEach((v, i) => {
        paths.push([...prefix, i]);
        walk(v, [...prefix, i]);
      });
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        paths.push([...prefix, k]);
        walk(v, [...prefix, k]);
      }
  };
  walk(seed, []);
  if (paths.length === 0) return fc.constant(seed);
  const mutation = fc.record({
    at: fc.constantFrom(...paths),
    how: fc.constantFrom('replace', 'good', 'delete', 'duplicate'),
    value: adversarialArb,
  });
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).chain((mutations) => {
    const goods = mutations.map((m) => {
      const last = m.at[m.at.length - 1];
      return typeof last === 'string' ? goodValue(last, p, undefined) : fc.constant(m.value);
    });
    return fc.tuple(...goods).map((goodValues) => {
      const copy = structuredClone<unknown>(seed);
      mutations.forEach((m, i) => {
        let parent = copy as Record<string | number, unknown> | unknown[];
        for (const k of m.at.slice(0, -1)) {
          const next = (parent as Record<string | number, unknown>)[k];
          if (next === null || typeof next !== 'object') return;
          parent = next as Record<string | number, unknown>;
        }
        const last = m.at[m.at.length - 1] ?? 0;
        const target = parent as Record<string | number, unknown>;
        if (m.how === 'delete') {
          if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
          else Reflect.deleteProperty(target, last);
        } else if (m.how === 'duplicate' && Array.isArray(parent) && typeof last === 'number')
          parent.push(structuredClone(parent[last]));
        else target[last] = m.how === 'good' ? goodValues[i] : m.value;
      });
      return copy;
    });
  });
}

/** The JSON value a route's body holds (undefined: none). */
function bodyValueArb(route: Route, shape: RouteShape, p: Pools): fc.Arbitrary<unknown> {
  const kind = kindOfPath(route.path);
  const body = shape.body;
  const wrongRoot: fc.Arbitrary<unknown> = fc.oneof(
    adversarialArb,
    fc.constant('{"not":"parsed"}'),
    objectArb(
      VOCABULARY.map((k) => `${k}?`),
      p,
      kind,
      'any',
    ).map((o) => [o]),
  );
  const none = fc.constant(undefined);
  if (body === undefined) {
    const generic = objectArb(
      VOCABULARY.slice(0, 12).map((k) => `${k}?`),
      p,
      kind,
      'any',
    );
    return route.method === 'GET' || route.method === 'DELETE'
      ? fc.oneof(
          { weight: 12, arbitrary: none },
          { weight: 1, arbitrary: generic },
          { weight: 1, arbitrary: wrongRoot },
        )
      : fc.oneof(
          { weight: 3, arbitrary: none },
          { weight: 3, arbitrary: generic },
          { weight: 1, arbitrary: wrongRoot },
        );
  }
  if ('keys' in body) {
    const fix = body.fix ?? (() => undefined);
    const fixed = (a: fc.Arbitrary<Record<string, unknown>>) =>
      a.map((o) => {
        fix(o);
        return o;
      });
    return fc.oneof(
      { weight: 4, arbitrary: fixed(objectArb(body.keys, p, kind, 'good', body.choices)) },
      { weight: 5, arbitrary: fixed(objectArb(body.keys, p, kind, 'any', body.choices)) },
      { weight: 1, arbitrary: wrongRoot },
      { weight: 1, arbitrary: none },
    );
  }
  if ('arrayOf' in body) {
    const item = (mode: 'good' | 'any') => objectArb(body.arrayOf, p, kind, mode, body.choices);
    const own = p.own.pocket;
    // fixpoint/set names every pocket: the well-formed kind lists each own pocket once.
    const allPockets =
      body.arrayOf.includes('pocketId') && own.length > 0
        ? fc
            // Whole units: right for every currency (JPY has no decimals).
            .array(
              fc.oneof(
                { weight: 5, arbitrary: fc.integer({ min: -100_000, max: 100_000 }) },
                { weight: 1, arbitrary: amountArb },
              ),
              {
                minLength: own.length,
                maxLength: own.length,
              },
            )
            .map((balances) => own.map((pocketId, i) => ({ pocketId, balance: balances[i] })))
        : fc.array(item('good'), { minLength: 1, maxLength: 3 });
    return fc.oneof(
      { weight: 3, arbitrary: allPockets },
      { weight: 3, arbitrary: fc.array(item('good'), { maxLength: 4 }) },
      { weight: 4, arbitrary: fc.array(item('any'), { maxLength: 4 }) },
      { weight: 1, arbitrary: item('good').map((o) => Array.from({ length: 1001 }, () => o)) },
      { weight: 1, arbitrary: item('good') },
      { weight: 1, arbitrary: wrongRoot },
      { weight: 1, arbitrary: none },
    );
  }
  if ('value' in body)
    return fc.oneof(
      { weight: 6, arbitrary: goodValue(body.value, p, kind) },
      { weight: 2, arbitrary: adversarialArb },
      { weight: 1, arbitrary: fc.record({ date: goodValue(body.value, p, kind) }) },
      { weight: 1, arbitrary: none },
    );
  if ('seed' in body)
    return fc.oneof(
      { weight: 1, arbitrary: fc.constant(p.backup) },
      { weight: 6, arbitrary: mutateSeed(p.backup, p) },
      { weight: 1, arbitrary: wrongRoot },
      { weight: 1, arbitrary: none },
    );
  return none;
}

const QUERY_RAW = [
  '%',
  '%E0%A4%A',
  'a=%ZZ',
  'limit=1&limit=2',
  `${'a'.repeat(10_000)}=1`,
  'time[]=x',
  'time[a]=b',
  'start[$gt]=',
  '__proto__[polluted]=1',
  'constructor[prototype][x]=1',
  '=',
  '&&&',
  'a=%00',
  'time=2024-03-05T12:00:00+01:00',
  'replace=true&replace=false',
  'categoryIds=1,,2,&categoryIds=3',
  'currencies=eur,USD,%20jpy',
  'directions=in,out,in',
  'types=real,conversion,nope',
  'limit=1e3',
  'afterTime=2024-03-05T12:00:00Z',
  'afterId=5',
  'active=true&isIncome=false&type=loan',
];

/** Text of a query value as a client would send it. */
const queryText = (v: unknown): string =>
  v instanceof Raw ? v.text : typeof v === 'object' && v !== null ? toJsonText(v) : String(v);

function queryArb(route: Route, shape: RouteShape, p: Pools): fc.Arbitrary<string> {
  const kind = kindOfPath(route.path);
  const fromKeys = (keys: string[], mode: 'good' | 'any') =>
    objectArb(
      keys.map((k) => `${k}?`),
      p,
      kind,
      mode,
    ).map((o) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(o)) {
        if (v === undefined) continue;
        if (Array.isArray(v) && v.length < 20) for (const item of v) params.append(k, queryText(item));
        else params.append(k, queryText(v));
      }
      return params.toString();
    });
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom(...QUERY_RAW) },
    { weight: 1, arbitrary: fromKeys(VOCABULARY.slice(0, 12), 'any') },
  ];
  if (shape.query !== undefined)
    options.push(
      { weight: 4, arbitrary: fromKeys(shape.query, 'good') },
      { weight: 4, arbitrary: fromKeys(shape.query, 'any') },
    );
  return fc.oneof(...options);
}

const PARAM_EDGES = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  '01',
  ' 1',
  '1 ',
  'NaN',
  'Infinity',
  String(MAX_ID),
  String(MAX_ID + 1),
  '99999999999999999999',
  `1${'0'.repeat(400)}`,
  'abc',
  'null',
  '%00',
  '%2F',
  '%2e%2e',
  '%',
  '%E0%A4%A',
  '%F0%9F%99%82',
  '..%2F..%2F..%2Fpackage.json',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....%2F%2F',
  '..%5C..%5Cwin.ini',
  '١',
  'a'.repeat(3000),
];

function paramArb(name: string, p: Pools, kind: Kind | undefined): fc.Arbitrary<string> {
  // Lone surrogates cannot be percent-encoded (URIError): they go as U+FFFD, as a browser sends them.
  const encode = (v: unknown) =>
    encodeURIComponent(
      queryText(v).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
    );
  if (name === 'id') {
    const own = kind === undefined ? [] : p.own[kind];
    const foreign = kind === undefined ? [] : p.foreign[kind];
    const options: fc.WeightedArbitrary<string>[] = [
      { weight: 3, arbitrary: fc.constantFrom(...PARAM_EDGES) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 10_000 }).map(String) },
    ];
    if (own.length > 0) options.push({ weight: 6, arbitrary: fc.constantFrom(...own).map(String) });
    if (foreign.length > 0) options.push({ weight: 3, arbitrary: fc.constantFrom(...foreign).map(String) });
    return fc.oneof(...options);
  }
  if (name === 'code') return fc.oneof(codeArb.map(encode), fc.constantFrom(...PARAM_EDGES));
  return fc.oneof(textArb.map(encode), fc.constantFrom(...PARAM_EDGES));
}

// ---------------------------------------------------------------------------------------------
// Multipart (import/preview)

const FIXTURE_DIR = path.resolve(import.meta.dirname, '../modules/import/formats/fixtures');
const FIXTURES: { name: string; bytes: Buffer }[] = (() => {
  const out: { name: string; bytes: Buffer }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (!entry.endsWith('.md')) out.push({ name: entry, bytes: readFileSync(full) });
    }
  };
  walk(FIXTURE_DIR);
  return out;
})();

const csvCell = fc.oneof(
  fc.constantFrom(
    '2026-03-02',
    '0001-01-01',
    '9999-12-31',
    '2026-02-30',
    '02.03.2026',
    '',
    '-23.45',
    '1e400',
    '99999999999999999999',
    '-0',
    '1.000.000,00',
    '١٢',
    'EUR',
    'XXX',
    '"quoted, cell"',
    '"unterminated',
    '=cmd',
    'a\u0000b',
    'x'.repeat(5000),
    // Text on which hostile regex rules backtrack for ever (issue 31), the second past the 1000
    // characters a rule sees.
    `${'a'.repeat(40)}!`,
    `${'a'.repeat(1200)}!`,
    'x'.repeat(60),
  ),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => s.replace(/[\n\r,]/g, ' ')),
);
const csvArb = fc
  .array(fc.array(csvCell, { minLength: 1, maxLength: 6 }), { minLength: 0, maxLength: 6 })
  .map((rows) => ['Date,Payee,Description,Amount', ...rows.map((r) => r.join(','))].join('\n'));
const STATEMENT = [
  'Date,Payee,Description,Amount',
  '2024-03-02,REWE Markt,Card payment 0302,-23.45',
  '2024-03-03,Stadtwerke München,Strom März,-61.00',
  '2024-03-31,ACME GmbH,Salary March,2500.00',
  `2024-03-31,${'a'.repeat(40)}!,${'x'.repeat(40)},-1.00`,
].join('\n');

const fileBytesArb: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(new TextEncoder().encode(STATEMENT)) },
  { weight: 3, arbitrary: fc.constantFrom(...FIXTURES.map((f) => new Uint8Array(f.bytes))) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...FIXTURES.map((f) => f.bytes)),
        fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 8 }),
        fc.nat(),
      )
      .map(([bytes, flips, cut]) => {
        const copy = new Uint8Array(bytes);
        for (const [at, value] of flips) copy[at % copy.length] = value;
        return cut % 3 === 0 ? copy.slice(0, cut % copy.length) : copy;
      }),
  },
  { weight: 3, arbitrary: csvArb.map((t) => new TextEncoder().encode(t)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2048 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 500 }).map((t) => new TextEncoder().encode(t)) },
  { weight: 1, arbitrary: fc.constant(new Uint8Array()) },
);

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Uint8Array | string;
}

function multipartBody(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      `form-data; name="${part.name}"` + (part.filename === undefined ? '' : `; filename="${part.filename}"`);
    const head =
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
      (part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`) +
      '\r\n';
    chunks.push(Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const filenameArb = fc.constantFrom(
  'statement.csv',
  'x.ofx',
  'a.qif',
  'b.xml',
  'c.sta',
  'noext',
  '',
  '../../etc/passwd',
  'ü名\u202E.csv',
  `${'a'.repeat(300)}.csv`,
  'a"b.csv',
);

/** A multipart upload: well formed with odd files and options, or broken in its structure. */
function multipartArb(p: Pools): fc.Arbitrary<{ contentType: string | undefined; payload: Buffer; note: string }> {
  const optionsText = fc.oneof(
    {
      weight: 4,
      arbitrary: objectArb(['pocketId?', 'format?', 'encoding?', 'csv?'], p, 'pocket', 'good').map(toJsonText),
    },
    {
      weight: 4,
      arbitrary: objectArb(['pocketId?', 'format?', 'encoding?', 'csv?'], p, 'pocket', 'any').map(toJsonText),
    },
    { weight: 1, arbitrary: fc.constantFrom('{', 'null', '[]', '"x"', '1', '{"pocketId":1e400}', ' ') },
  );
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const wellFormed = fc
    .record({
      fileField: fc.oneof(
        { weight: 9, arbitrary: fc.constant('file') },
        { weight: 1, arbitrary: fc.constantFrom('files', 'File', '') },
      ),
      filename: filenameArb,
      fileType: fc.constantFrom(undefined, 'text/csv', 'application/octet-stream', 'application/json'),
      bytes: fileBytesArb,
      options: fc.option(optionsText, { freq: 4 }),
      extra: fc.array(
        fc.record({
          name: fc.constantFrom('options', 'file', 'x', 'pocketId'),
          data: fc.string({ maxLength: 20 }),
          file: fc.boolean(),
        }),
        { maxLength: 1 },
      ),
      manyParts: fc.nat(20),
    })
    .map((r) => {
      const parts: Part[] = [
        {
          name: r.fileField,
          filename: r.filename,
          ...(r.fileType === undefined ? {} : { contentType: r.fileType }),
          data: r.bytes,
        },
      ];
      if (r.options !== null) parts.push({ name: 'options', data: r.options });
      for (const e of r.extra) parts.push({ name: e.name, data: e.data, ...(e.file ? { filename: 'extra.csv' } : {}) });
      // Rarely past the part limits (6 parts, 4 fields).
      if (r.manyParts === 0) for (let i = 0; i < 8; i++) parts.push({ name: `f${i}`, data: 'x' });
      return {
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload: multipartBody(parts, boundary),
        note: `multipart ${parts.map((x) => x.name + (x.filename === undefined ? '' : `(file ${x.filename}, ${x.data.length} bytes)`)).join(', ')}`,
      };
    });
  const valid = multipartBody([{ name: 'file', filename: 'statement.csv', data: STATEMENT }], boundary);
  const broken = fc.constantFrom(
    {
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: valid.subarray(0, valid.length - 20),
      note: 'truncated multipart',
    },
    { contentType: 'multipart/form-data; boundary=other', payload: valid, note: 'boundary mismatch' },
    { contentType: 'multipart/form-data', payload: valid, note: 'multipart without boundary' },
    { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.alloc(0), note: 'empty multipart' },
    {
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.from('garbage\r\n\r\n'),
      note: 'garbage multipart',
    },
    { contentType: 'application/json', payload: Buffer.from('{"file":"x"}'), note: 'JSON instead of multipart' },
    { contentType: 'text/plain', payload: Buffer.from(STATEMENT), note: 'text/plain statement' },
    { contentType: undefined, payload: Buffer.from(STATEMENT), note: 'no content type' },
    { contentType: 'application/x-www-form-urlencoded', payload: Buffer.from('file=x'), note: 'urlencoded' },
  );
  return fc.oneof({ weight: 9, arbitrary: wellFormed }, { weight: 2, arbitrary: broken });
}

// ---------------------------------------------------------------------------------------------
// Requests

export type AuthVariant = 'self' | 'none' | 'garbage' | 'tampered' | 'basic';
export type CsrfVariant = 'ok' | 'missing' | 'mismatch';

export interface FuzzRequest {
  method: HTTPMethods;
  url: string;
  auth: AuthVariant;
  csrf: CsrfVariant;
  contentType: string | undefined;
  payload: string | Buffer | undefined;
  /** What the generator made, for failure messages. */
  note: string;
}

const clip = (text: string, n = 400) => (text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text);

export function describeRequest(r: FuzzRequest): string {
  const body =
    r.payload === undefined
      ? 'no body'
      : typeof r.payload === 'string'
        ? JSON.stringify(clip(r.payload))
        : `${r.payload.length} bytes ${JSON.stringify(clip(r.payload.toString('latin1'), 200))}`;
  return `${r.method} ${clip(r.url, 300)} [auth ${r.auth}, csrf ${r.csrf}, content-type ${r.contentType ?? 'none'}] ${body} (${r.note})`;
}

const JSON_TYPES = [
  'application/json; charset=utf-8',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/problem+json',
  'application/json, text/plain',
  '*/*',
];

/** Ways to spoil JSON text: cut, stray characters, JavaScript-isms. */
const malformedArb = (text: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.nat().map((n) => text.slice(0, text.length === 0 ? 0 : n % text.length)),
    fc.constantFrom(
      `${text}}`,
      `${text},`,
      text.replace('"', "'"),
      `\uFEFF${text}`,
      `${text}${text}`,
      '{',
      '{"a":}',
      "{'a':1}",
      '[1,]',
      'NaN',
      'undefined',
      '{"a":1}{"b":2}',
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      '\u0000',
    ),
  );

/** fast-check prints a failing request by this (a payload may be 1 MB). */
const described = (r: FuzzRequest): FuzzRequest =>
  Object.defineProperty(r, fc.toStringMethod, { value: () => describeRequest(r), enumerable: false });

/** One request to a route: path parameters, query string, body, content type, token and CSRF echo. */
export function requestArb(
  route: Route,
  p: Pools,
  shape: RouteShape = ROUTE_SHAPES[routeKey(route)] ?? {},
): fc.Arbitrary<FuzzRequest> {
  const kind = kindOfPath(route.path);
  const params = fc.tuple(...route.params.map((name) => paramArb(name, p, kind)));
  const envelope = fc.record({
    auth: fc.oneof(
      { weight: 95, arbitrary: fc.constant<AuthVariant>('self') },
      { weight: 5, arbitrary: fc.constantFrom<AuthVariant>('none', 'garbage', 'tampered', 'basic') },
    ),
    csrf: fc.oneof(
      { weight: 97, arbitrary: fc.constant<CsrfVariant>('ok') },
      { weight: 3, arbitrary: fc.constantFrom<CsrfVariant>('missing', 'mismatch') },
    ),
    head: fc.nat(19),
  });
  const buildUrl = (values: string[], query: string) => {
    let i = 0;
    const url = route.path.replace(/:\w+|\*/g, () => values[i++] ?? '');
    return query === '' ? url : `${url}?${query}`;
  };
  if (shape.body !== undefined && 'multipart' in shape.body)
    return fc
      .tuple(params, queryArb(route, shape, p), envelope, multipartArb(p))
      .map(([values, query, env, mp]) => ({
        method: route.method,
        url: buildUrl(values, query),
        auth: env.auth,
        csrf: env.csrf,
        contentType: mp.contentType,
        payload: mp.payload,
        note: mp.note,
      }))
      .map(described);
  const encoding = fc.oneof(
    { weight: 85, arbitrary: fc.constant('json' as const) },
    { weight: 6, arbitrary: fc.constant('malformed' as const) },
    { weight: 4, arbitrary: fc.constantFrom('empty' as const, 'blank' as const) },
    { weight: 1, arbitrary: fc.constant('huge' as const) },
  );
  const contentType = fc.oneof(
    { weight: 90, arbitrary: fc.constant<string | undefined>('application/json') },
    { weight: 2, arbitrary: fc.constant<string | undefined>(undefined) },
    { weight: 8, arbitrary: fc.constantFrom<string | undefined>(...JSON_TYPES) },
  );
  return fc
    .tuple(params, queryArb(route, shape, p), envelope, bodyValueArb(route, shape, p), encoding, contentType)
    .chain(([values, query, env, value, enc, type]) => {
      const url = buildUrl(values, query);
      const method: HTTPMethods = route.method === 'GET' && env.head === 0 ? 'HEAD' : route.method;
      const base = { method, url, auth: env.auth, csrf: env.csrf };
      if (value === undefined && enc !== 'empty' && enc !== 'blank')
        return fc.constant<FuzzRequest>({ ...base, contentType: undefined, payload: undefined, note: 'no body' });
      const text = toJsonText(value);
      const payload: fc.Arbitrary<string> =
        enc === 'malformed'
          ? malformedArb(text)
          : enc === 'empty'
            ? fc.constant('')
            : enc === 'blank'
              ? fc.constant(' \n\t ')
              : enc === 'huge'
                ? fc.constant(`{"description":"${'x'.repeat(1_100_000)}"}`)
                : fc.constant(text);
      return payload.map<FuzzRequest>((body) => ({ ...base, contentType: type, payload: body, note: `${enc} body` }));
    })
    .map(described);
}

// ---------------------------------------------------------------------------------------------
// Sending and checking

export const FUZZ_CSRF = 'fuzz-csrf-token-fuzz-csrf-token-fuzz-csrf-token';

export async function send(app: FastifyInstance, r: FuzzRequest, token: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (r.auth === 'self') headers['authorization'] = `Bearer ${token}`;
  else if (r.auth === 'garbage') headers['authorization'] = 'Bearer not.a.token';
  else if (r.auth === 'tampered')
    headers['authorization'] = `Bearer ${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
  else if (r.auth === 'basic') headers['authorization'] = 'Basic YTpi';
  if (r.csrf !== 'missing') headers[CSRF_HEADER] = r.csrf === 'ok' ? FUZZ_CSRF : `${FUZZ_CSRF}x`;
  headers['cookie'] = `${CSRF_COOKIE}=${FUZZ_CSRF}`;
  if (r.contentType !== undefined) headers['content-type'] = r.contentType;
  return app.inject({
    method: r.method,
    url: r.url,
    headers,
    ...(r.payload === undefined ? {} : { payload: r.payload }),
  });
}

/** What is wrong with an answer, apart from writes: a 5xx, an error body of another shape, broken JSON. */
export function answerProblems(r: FuzzRequest, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  if (status < 200 || status >= 600) problems.push(`answered status ${status}`);
  const type = String(res.headers['content-type'] ?? '');
  if (status >= 400 && r.method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      problems.push(`error answer is not JSON (${type}): ${clip(res.body, 200)}`);
    }
    if (body !== undefined) {
      const shape = errorBodySchema.strict().safeParse(body);
      if (!shape.success) problems.push(`error answer is not {type, message}: ${clip(res.body, 300)}`);
    }
    if (!type.startsWith('application/json')) problems.push(`error answer has content-type ${type}`);
  }
  if (status < 300 && r.method !== 'HEAD' && type.startsWith('application/json') && res.body !== '') {
    try {
      JSON.parse(res.body);
    } catch {
      problems.push(`${status} answer is not complete JSON: …${clip(res.body.slice(-200), 200)}`);
    }
  }
  return problems;
}

/** Whether a request got past routing, the token and the CSRF check into the route's own code. */
export function reachedHandler(res: LightMyRequestResponse): boolean {
  if (res.statusCode < 400) return true;
  if (res.statusCode === 401 || res.statusCode === 413 || res.statusCode === 415 || res.statusCode === 429)
    return false;
  let body: { type?: string; message?: string } = {};
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return false;
  }
  if (body.type === 'not_found' && body.message?.startsWith('No such endpoint') === true) return false;
  if (body.type === 'forbidden' && body.message?.includes('CSRF') === true) return false;
  if (body.message?.startsWith('url:') === true) return false;
  return true;
}

/** The body fields that name one entity of the acting user (filters and paging cursors do not count). */
const REFERENCE_KEYS: Record<string, Kind | 'path'> = {
  id: 'path',
  categoryId: 'category',
  pocketId: 'pocket',
  fixpointId: 'fixpoint',
};

/**
 * The other user's ids a request names as the thing to read or change: the path's id, and the
 * id, categoryId, pocketId and fixpointId of its body (or of the items of an array body, the rows
 * of an import commit, the options of an upload), when ROUTE_SHAPES says the route reads that
 * body. A 2xx answer to such a request reads or touches another user's books.
 */
export function foreignReferences(route: Route, r: FuzzRequest, p: Pools): string[] {
  const kind = kindOfPath(route.path);
  const refs: string[] = [];
  const note = (k: Kind | undefined, value: unknown) => {
    const id =
      typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
    if (k === undefined || !Number.isSafeInteger(id)) return;
    if (p.foreign[k].includes(id) && !p.own[k].includes(id)) refs.push(`${k} ${id}`);
  };
  const [pathPart = ''] = r.url.split('?');
  const segments = pathPart.split('/');
  route.path.split('/').forEach((segment, i) => {
    if (segment !== ':id') return;
    try {
      note(kind, decodeURIComponent(segments[i] ?? ''));
    } catch {
      // not an id
    }
  });
  const shape = ROUTE_SHAPES[routeKey(route)]?.body;
  const declared = new Set(
    (shape === undefined
      ? []
      : 'keys' in shape
        ? shape.keys
        : 'arrayOf' in shape
          ? shape.arrayOf
          : 'multipart' in shape
            ? ['pocketId']
            : []
    ).map((k) => k.replace(/\?$/, '')),
  );
  if (declared.size === 0) return refs;
  let body: unknown;
  try {
    if (typeof r.payload === 'string') body = JSON.parse(r.payload) as unknown;
    else if (r.payload !== undefined) {
      const options = /name="options"\r\n\r\n([^\r]*)\r\n/.exec(r.payload.toString('utf8'))?.[1];
      if (options !== undefined) body = JSON.parse(options) as unknown;
    }
  } catch {
    return refs;
  }
  const scan = (value: unknown, keys: Set<string>) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [key, k] of Object.entries(REFERENCE_KEYS))
      if (keys.has(key) && Object.hasOwn(value, key))
        note(k === 'path' ? kind : k, (value as Record<string, unknown>)[key]);
    const rows = (value as Record<string, unknown>)['rows'];
    if (keys.has('rows') && Array.isArray(rows))
      for (const row of rows.slice(0, 50)) scan(row, new Set(['categoryId']));
  };
  if (shape !== undefined && 'arrayOf' in shape) {
    if (Array.isArray(body)) for (const item of body.slice(0, 50)) scan(item, declared);
  } else scan(body, declared);
  return refs;
}

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * A fingerprint of every table (row count and a hash of its rows), cheap enough to take after
 * each request: the tables are read again only when a write may have happened since the last
 * fingerprint (changes() moved), and on PostgreSQL one query hashes every table of the schema.
 */
export class WriteDetector {
  private tables: string[] = [];
  private last: Map<string, string> | undefined;
  private lastChanges = '';
  /** How often the tables were read, and for how long (FUZZ_VERBOSE prints it). */
  readonly stats = { checks: 0, takes: 0, ms: 0 };

  constructor(private readonly database: Database) {}

  async init(): Promise<void> {
    this.tables = await ownTables(this.database);
    this.last = undefined;
  }

  /**
   * A number that moves whenever something may have been written. SQLite: the connection's
   * total_changes() (the app's only connection). PostgreSQL: the next transaction id of the
   * server, which every writing transaction (committed or not) takes one of; other clients of
   * the server move it too, which only costs a full fingerprint.
   */
  private async changes(): Promise<string> {
    const query =
      this.database.dialect === 'sqlite'
        ? sql<{ n: number | string }>`select total_changes() as n`
        : sql<{ n: number | string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as n`;
    const { rows } = await query.execute(this.database.db);
    return String(rows[0]?.n ?? '');
  }

  private async take(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (this.database.dialect === 'postgres') {
      const parts = this.tables.map(
        (t) =>
          sql`select ${t}::text as t, count(*)::text || ':' || coalesce(md5(string_agg(r::text, E'\n' order by r::text)), '') as h from ${sql.table(t)} r`,
      );
      const { rows } = await sql<{ t: string; h: string }>`${sql.join(parts, sql` union all `)}`.execute(
        this.database.db,
      );
      for (const row of rows) out.set(row.t, row.h);
      return out;
    }
    for (const t of this.tables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(this.database.db);
      const lines = rows
        .map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
        .sort();
      out.set(t, `${rows.length}:${createHash('sha1').update(lines.join('\n')).digest('hex')}`);
    }
    return out;
  }

  /** The fingerprint now (the last one again when nothing can have been written since). */
  async current(): Promise<Map<string, string>> {
    this.stats.checks++;
    const changes = await this.changes();
    if (this.last !== undefined && changes === this.lastChanges) return this.last;
    this.stats.takes++;
    const started = performance.now();
    // The mark read before the tables: a write while they are read shows as a change next time.
    this.last = await this.take();
    this.lastChanges = changes;
    this.stats.ms += performance.now() - started;
    return this.last;
  }

  /** Tables whose rows differ between two fingerprints, with their counts before and after. */
  static diff(before: Map<string, string>, after: Map<string, string>): string[] {
    const names = new Set([...before.keys(), ...after.keys()]);
    return [...names]
      .filter((n) => before.get(n) !== after.get(n))
      .map((n) => `${n} (rows ${before.get(n)?.split(':')[0] ?? '-'} -> ${after.get(n)?.split(':')[0] ?? '-'})`);
  }
}

// ---------------------------------------------------------------------------------------------
// Error logs

/** A pino destination keeping the lines of level error and above, for the request that caused them. */
export class LogTrap {
  lines: { level: number; msg: string; err?: { message?: string; stack?: string } }[] = [];
  readonly stream = {
    write: (line: string) => {
      try {
        const entry = JSON.parse(line) as { level: number; msg: string; err?: { message?: string; stack?: string } };
        if (entry.level >= 50) this.lines.push(entry);
      } catch {
        this.lines.push({ level: 60, msg: line });
      }
    },
  };

  take(): string[] {
    const out = this.lines.map(
      (l) =>
        `logged ${l.level >= 60 ? 'fatal' : 'error'} "${l.msg}"${l.err === undefined ? '' : `: ${clip(l.err.stack ?? l.err.message ?? '', 600)}`}`,
    );
    this.lines = [];
    return out;
  }
}

/** A 32-bit seed per route, so adding a route changes no other route's requests. */
export function routeSeed(route: Route): number {
  return createHash('sha1')
    .update(`${FUZZ_SEED}:${routeKey(route)}`)
    .digest()
    .readInt32LE(0);
}
