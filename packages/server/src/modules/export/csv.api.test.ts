import { exportCsvColumns } from '@kassa/contract';
import { currencyInfo, dayFromIso, fixedDecimal } from '@kassa/money';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { bundledRates } from '../rates/bundle.js';
import { Converter } from '../rates/conversion.js';
import { RateTable } from '../rates/rate-table.js';
import { RatesRepository } from '../rates/repository.js';
import { RatesService } from '../rates/service.js';
import { sampleBooks, TRICKY_FOOD, type SampleBooks } from '../../test/sample-books.js';
import { ExportService } from './service.js';

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

type Row = Record<(typeof exportCsvColumns)[number], string>;
const rowsOf = (text: string): Row[] => {
  const [header, ...records] = parseCsv(text);
  expect(header).toEqual([...exportCsvColumns]);
  return records.map((r) => Object.fromEntries(exportCsvColumns.map((c, i) => [c, r[i] ?? ''])) as Row);
};

const eur = new Converter(bundledRates(), currencyInfo('EUR'));
/** What Kassa's converter makes of a signed amount on a day, as the CSV writes it. */
const inEur = (minor: bigint, currency: string, iso: string) =>
  fixedDecimal(eur.toMinor(minor, currencyInfo(currency), dayFromIso(iso) ?? 0), 2);

describeEachDatabase('export: CSV of the transaction list', (ctx) => {
  let books: SampleBooks;
  const csv = async (query = '') => {
    const res = await books.client.get(`/api/export/csv${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return rowsOf(res.body);
  };
  beforeAll(async () => {
    books = await sampleBooks(ctx, 'csv@example.com');
  });

  it('writes one row per transaction or conversion, oldest first, with exact signed amounts and main-currency values', async () => {
    const res = await books.client.get('/api/export/csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="kassa-transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(15); // 14 transactions and 1 conversion
    expect(rows.map((r) => r.time)).toEqual([...rows.map((r) => r.time)].sort());
    expect(rows.every((r) => r.main_currency === 'EUR')).toBe(true);

    const lunch = rows.find((r) => r.description.startsWith('Lunch'));
    expect(lunch).toMatchObject({
      date: '2024-03-04',
      time: '2024-03-04T12:00:00.000Z',
      kind: 'real',
      type: '',
      direction: 'out',
      category: TRICKY_FOOD,
      description: 'Lunch, "quoted"\nsecond line',
      currency: 'USD',
      amount: '-12.34',
      amount_main: inEur(-1234n, 'USD', '2024-03-04'),
      rate: eur.rate(currencyInfo('USD'), dayFromIso('2024-03-04') ?? 0),
      rate_day: '2024-03-04',
    });
    // A Saturday uses Friday's stored rate, and says so.
    expect(rows.find((r) => r.date === '2024-03-09')).toMatchObject({
      amount: '-7.89',
      amount_main: inEur(-789n, 'USD', '2024-03-09'),
      rate_day: '2024-03-08',
    });
    expect(rows.find((r) => r.currency === 'JPY' && r.kind === 'real')).toMatchObject({
      amount: '-1500',
      amount_main: inEur(-1500n, 'JPY', '2024-03-05'),
      description: '*sushi (tokyo',
    });
    expect(rows.find((r) => r.description === 'March; salary')).toMatchObject({
      direction: 'in',
      amount: '2000.00',
      amount_main: '2000.00',
      rate: '1',
      rate_day: '',
    });
    expect(rows.find((r) => r.kind === 'conversion')).toMatchObject({
      date: '2024-03-06',
      type: '',
      direction: '',
      category: '',
      description: 'ATM',
      currency: 'EUR',
      amount: '-200.00',
      to_currency: 'USD',
      to_amount: '215.30',
      amount_main: '-200.00',
    });
    expect(rows.filter((r) => r.kind === 'business').map((r) => [r.type, r.direction, r.amount, r.currency])).toEqual([
      ['invest', 'out', '-300.00', 'EUR'],
      ['pnl', 'in', '25.50', 'USD'],
      ['pnl', 'out', '-3000', 'JPY'],
      ['realize', 'in', '40.00', 'EUR'],
    ]);
    expect(rows.filter((r) => r.kind === 'loan').map((r) => [r.category, r.amount])).toEqual([
      ['Bob', '-50.00'],
      ['Bob', '20.00'],
    ]);
    expect(rows.find((r) => r.kind === 'external')).toMatchObject({ category: 'Untracked accounts', amount: '10.00' });
    expect(rows.every((r) => /^\d+$/.test(r.id))).toBe(true);
  });

  it('applies the filters; conversions only when no category, direction or type filter leaves them out', async () => {
    const jpy = await csv('?currencies=jpy');
    expect(jpy.map((r) => [r.kind, r.amount])).toEqual([
      ['real', '-1500'],
      ['business', '-3000'],
    ]);
    const usd = await csv('?currencies=USD');
    expect(usd.filter((r) => r.kind === 'conversion')).toHaveLength(1); // its to-currency is USD
    expect(usd.filter((r) => r.kind !== 'conversion').every((r) => r.currency === 'USD')).toBe(true);
    const food = await csv(`?categoryIds=${books.food}`);
    expect(food).toHaveLength(6);
    expect(food.every((r) => r.category === TRICKY_FOOD)).toBe(true);
    const incoming = await csv('?directions=in');
    expect(incoming.map((r) => r.direction)).toEqual(Array<string>(incoming.length).fill('in'));
    expect(incoming).toHaveLength(5);
    expect((await csv('?types=conversion')).map((r) => r.kind)).toEqual(['conversion']);
    const temp = await csv('?types=loan&types=business');
    expect(new Set(temp.map((r) => r.kind))).toEqual(new Set(['loan', 'business']));
    expect(temp).toHaveLength(6);
    const week = await csv('?start=2024-03-06T00:00:00Z&end=2024-03-07T23:59:59.999Z&currencies=EUR,USD');
    expect(week.map((r) => r.date)).toEqual(['2024-03-06', '2024-03-06', '2024-03-06', '2024-03-07']);
    expect(await csv(`?categoryIds=${books.shop}&directions=out&types=business`)).toHaveLength(2);
  });

  it('neutralises text a spreadsheet would run as a formula, keeps amounts as numbers, and keeps it raw on request', async () => {
    const { client } = await newUser(ctx, 'csv-formulas@example.com', 'EUR');
    const categoryId = okJson<{ id: number }>(
      await client.post('/api/category/add', { name: '=cmd|calc', type: 'real', isIncome: false }),
    ).id;
    const descriptions = [
      '=1+1',
      '+SUM(A1:A3)',
      '-2+3',
      '@SUM(1)',
      'Lunch = 12+3',
      '=HYPERLINK("http://evil.example/","bank")',
    ];
    for (const [i, description] of descriptions.entries())
      okJson(
        await client.post('/api/transaction/add', {
          time: `2024-03-0${i + 1}T12:00:00Z`,
          currency: 'EUR',
          amount: 12.5,
          categoryId,
          description,
        }),
      );
    // Stored as sent: the export, not the input, is what makes them harmless.
    const stored = okJson<{ description: string }[]>(await client.get(`/api/transaction/getallincat/${categoryId}`));
    expect(stored.map((t) => t.description).reverse()).toEqual(descriptions);

    const res = await client.get('/api/export/csv');
    expect(res.statusCode, res.body).toBe(200);
    const rows = rowsOf(res.body);
    expect(rows.map((r) => r.description)).toEqual(descriptions.map((d) => (d.startsWith('Lunch') ? d : `'${d}`)));
    expect(rows.every((r) => r.category === "'=cmd|calc")).toBe(true);
    expect(rows.every((r) => r.amount === '-12.50' && r.amount_main === '-12.50')).toBe(true);
    // Each neutralised cell is quoted; the amounts stay bare numbers.
    expect(res.body).toContain(`,"'=cmd|calc","'=1+1",EUR,-12.50,`);

    const raw = await client.get('/api/export/csv?formulas=keep');
    expect(raw.statusCode, raw.body).toBe(200);
    const rawRows = rowsOf(raw.body);
    expect(rawRows.map((r) => r.description)).toEqual(descriptions);
    expect(rawRows.every((r) => r.category === '=cmd|calc')).toBe(true);
    expect(rowsOf((await client.get('/api/export/csv?formulas=escape')).body)).toEqual(rows);
    expectError(await client.get('/api/export/csv?formulas=run'), 400, 'formulas: must be escape or keep');

    // The API reference names the switch: the parameter with its two values, and what it does.
    const doc = okJson<{
      paths: Record<string, { get: { description?: string; parameters: { name: string; schema: unknown }[] } }>;
    }>(await client.get('/api/openapi.json'));
    const operation = doc.paths['/api/export/csv']?.get;
    expect(operation?.parameters.find((p) => p.name === 'formulas')?.schema).toMatchObject({
      enum: ['escape', 'keep'],
    });
    expect(operation?.description).toContain('`formulas=keep` writes text exactly as stored');
  });

  it("never includes another user's rows: a new user exports just the header", async () => {
    const other = await newUser(ctx, 'csv-other@example.com', 'EUR');
    const res = await other.client.get('/api/export/csv');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${exportCsvColumns.join(',')}\n`);
    // Another user's category id filters to nothing rather than to that user's rows.
    expect(rowsOf((await other.client.get(`/api/export/csv?categoryIds=${books.food}`)).body)).toEqual([]);
  });

  it('refuses bad filters with a 400 naming the parameter, and strangers with a 401', async () => {
    const bad = (query: string) => books.client.get(`/api/export/csv?${query}`);
    expectError(
      await bad('start=2024-03-02T00:00:00Z&end=2024-03-01T00:00:00Z'),
      400,
      'start: start must not be after end',
    );
    expectError(await bad('start=yesterday'), 400, 'start: ');
    expectError(await bad('currencies=EURO'), 400, 'currencies.0: must be a three-letter currency code');
    expectError(await bad('directions=up'), 400, 'directions.0: must be in or out');
    expectError(
      await bad('types=loan,transfer'),
      400,
      'types.1: must be one of real, loan, business, external, conversion',
    );
    expectError(await bad('categoryIds=abc'), 400, 'categoryIds.0: must be a positive integer id');
    expectError(await bad('limit=5'), 400, 'limit');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/export/csv' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/export/hledger' })).statusCode).toBe(401);
  });

  it('refuses with 422 naming a currency that has no rate, never exporting it at 1.0', async () => {
    const onlyUsd = RateTable.build([
      { day: dayFromIso('2024-01-02') ?? 0, currency: 'USD', rate: '1.1', source: 'test' },
    ]);
    const service = new ExportService(ctx.database.db, new RatesService(new RatesRepository(ctx.database.db), onlyUsd));
    const owner = { id: books.userId, mainCurrency: 'EUR' };
    await expect(
      service.csv(owner, { categoryIds: [], currencies: [], directions: [], types: [], enteredBy: [] }),
    ).rejects.toMatchObject({
      status: 422,
      type: 'missing_rate',
      message: 'No exchange rate is known for JPY',
    });
    await expect(service.hledger(owner)).rejects.toMatchObject({ status: 422, type: 'missing_rate' });
    // Filtered to currencies that have rates, the export works.
    const file = await service.csv(owner, {
      categoryIds: [],
      currencies: ['USD'],
      directions: [],
      types: [],
      enteredBy: [],
    });
    let text = '';
    for await (const chunk of file.chunks) text += chunk;
    expect(rowsOf(text).length).toBeGreaterThan(0);
  });
});
