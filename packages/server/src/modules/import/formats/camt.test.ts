import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { parseCamt } from './camt.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/camt/${name}`, import.meta.url), 'utf8');

function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** A CAMT.053 .08 statement holding the given entries. */
const statement = (entries: string, account = '<IBAN>DE02120300000000202051</IBAN>') => `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
<Acct><Id>${account}</Id><Ccy>EUR</Ccy></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>`;

const entry = (inner: string) =>
  `<Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-01-05</Dt></BookgDt>${inner}</Ntry>`;

const balance = (code: string, amount: string, indicator: string, day: string) =>
  `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;

describe('parseCamt', () => {
  it('reads the opening balance: OPBD at the start of its day, PRCD at the end of its day', () => {
    // PRCD closes 2026-02-27; the first booked entry is on the 28th.
    expect(parseCamt(fixture('camt053-v02.xml')).accounts).toMatchObject([
      { openingBalance: '150.00', openingDate: '2026-02-28', closingBalance: '-495.90', closingDate: '2026-02-28' },
    ]);
    const opened = (code: string) =>
      parseCamt(
        statement(
          `${balance(code, '20.00', 'DBIT', '2026-01-01')}${balance('CLBD', '-30.00', 'DBIT', '2026-01-31')}${entry('')}`,
        ),
      ).accounts[0];
    expect(opened('OPBD')).toMatchObject({ openingBalance: '-20.00', openingDate: '2026-01-01' });
    expect(opened('PRCD')).toMatchObject({ openingBalance: '-20.00', openingDate: '2026-01-02' });
  });

  it('reads a CAMT.053 .02 statement: DBIT/CRDT, a 3-detail batch, a pending entry skipped, negative CLBD', () => {
    const iban = 'DE89370400440532013000';
    expect(parseCamt(fixture('camt053-v02.xml'))).toEqual({
      accounts: [
        {
          account: iban,
          currency: 'EUR',
          closingBalance: '-495.90',
          closingDate: '2026-02-28',
          openingBalance: '150.00',
          openingDate: '2026-02-28',
        },
      ],
      rows: [
        {
          line: 1,
          date: '2026-02-28',
          amount: '-45.90',
          currency: 'EUR',
          description: 'Kartenzahlung girocard 27.02.2026 REWE SAGT DANKE 4711',
          payee: 'REWE Markt GmbH',
          externalId: '2026022800451234',
          account: iban,
        },
        {
          line: 2,
          date: '2026-02-28',
          amount: '1200.00',
          currency: 'EUR',
          description: 'Gehalt Februar 2026',
          // A credit's other party is the debtor.
          payee: 'Arbeitgeber & Partner GmbH',
          // No AcctSvcrRef: the EndToEndId (never the NtryRef 000002, a per-statement counter).
          externalId: 'LOHN-2026-02',
          account: iban,
        },
        {
          line: 3,
          date: '2026-02-28',
          amount: '-100.00',
          currency: 'EUR',
          description: 'Mitgliedsbeitrag 2026',
          payee: 'Sportverein Blau-Weiss e.V.',
          externalId: '2026022800459876/1',
          account: iban,
        },
        {
          line: 4,
          date: '2026-02-28',
          amount: '-150.50',
          currency: 'EUR',
          description: 'Unterricht Maerz',
          payee: 'Musikschule Klangwerk',
          // The detail's own AcctSvcrRef.
          externalId: '2026022800459876-B',
          account: iban,
        },
        {
          line: 5,
          date: '2026-02-28',
          amount: '-49.50',
          currency: 'EUR',
          description: 'Rechnung 2026-118',
          payee: 'Buchhandlung Seitenweise',
          externalId: '2026022800459876/3',
          account: iban,
        },
        {
          line: 6,
          date: '2026-02-28',
          amount: '-1500.00',
          currency: 'EUR',
          description: 'Miete Maerz 2026 Whg. 4',
          payee: 'Hausverwaltung Schulz',
          externalId: '2026022800460001',
          account: iban,
        },
      ],
    });
  });

  it('reads a CAMT.053 .08 statement with namespace prefixes: Sts/Cd, Pty/Nm, DtTm, reversal, batches', () => {
    const iban = 'CH9300762011623852957';
    const { accounts, rows } = parseCamt(fixture('camt053-v08.xml'));
    expect(accounts).toEqual([
      {
        account: iban,
        currency: 'CHF',
        closingBalance: '1940.00',
        closingDate: '2026-05-31',
        openingBalance: '2000.00',
        openingDate: '2026-05-01',
      },
    ]);
    expect(rows).toEqual([
      {
        line: 1,
        // 23:45 at +02:00 is 21:45 UTC the same day; the stated day is taken either way.
        date: '2026-05-31',
        amount: '-89.00',
        currency: 'CHF',
        description: 'Rechnung Mai 2026 Mobile',
        payee: 'Swisscom (Schweiz) AG',
        externalId: 'ZKB-20260531-0042',
        account: iban,
      },
      {
        line: 2,
        date: '2026-05-20',
        // A reversal (RvslInd) is signed by its CdtDbtInd alone.
        amount: '89.00',
        currency: 'CHF',
        description: 'Rueckbuchung Lastschrift April',
        payee: 'Swisscom (Schweiz) AG',
        externalId: 'ZKB-20260520-0007',
        account: iban,
      },
      {
        line: 3,
        date: '2026-05-25',
        // Its details add up to 119.00, not 120.00: one row for the entry.
        amount: '-120.00',
        currency: 'CHF',
        description: 'Sammelauftrag Spenden',
        payee: '',
        externalId: 'ZKB-20260525-0100',
        account: iban,
      },
      {
        line: 4,
        date: '2026-05-28',
        amount: '20.00',
        currency: 'CHF',
        description: 'Geschenk Anteil',
        payee: 'Anna Keller',
        externalId: 'ZKB-20260528-0200/1',
        account: iban,
      },
      {
        line: 5,
        date: '2026-05-28',
        amount: '25.00',
        currency: 'CHF',
        description: 'Geschenk Anteil',
        payee: 'Marco Rossi',
        externalId: 'ZKB-20260528-0200/2',
        account: iban,
      },
      {
        line: 6,
        date: '2026-05-28',
        amount: '15.00',
        currency: 'CHF',
        description: 'Sammelgutschrift 3 Zahlungen',
        payee: 'Lea Brunner',
        externalId: 'ZKB-20260528-0200/3',
        account: iban,
      },
    ]);
  });

  it('reads a CAMT.052 .04 report: Othr account, currency from the balances, latest ITBD, value date, EndToEndId', () => {
    expect(parseCamt(fixture('camt052-v04.xml'))).toEqual({
      accounts: [{ account: '0532013000', currency: 'EUR', closingBalance: '1012.34', closingDate: '2026-04-15' }],
      rows: [
        {
          line: 1,
          // No BookgDt: the value day.
          date: '2026-04-15',
          amount: '32.34',
          currency: 'EUR',
          description: 'Erstattung Retoure 881',
          payee: 'Versandhaus Nord',
          externalId: 'E2E-RETOURE-881',
          account: '0532013000',
        },
        {
          line: 2,
          date: '2026-04-15',
          amount: '-4.00',
          currency: 'EUR',
          description: 'Kontofuehrungsentgelt',
          payee: '',
          // EndToEndId NOTPROVIDED is no id.
          externalId: null,
          account: '0532013000',
        },
      ],
    });
  });

  it('prefers CLBD over ITBD and CLAV, whatever their order', () => {
    const balance = (code: string, amount: string, indicator: string) =>
      `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Dt><Dt>2026-01-31</Dt></Dt></Bal>`;
    const text = statement(
      balance('CLAV', '5.00', 'CRDT') + balance('ITBD', '6.00', 'CRDT') + balance('CLBD', '7.50', 'DBIT'),
    );
    expect(parseCamt(text).accounts).toEqual([
      { account: 'DE02120300000000202051', currency: 'EUR', closingBalance: '-7.50', closingDate: '2026-01-31' },
    ]);
  });

  it('uses an id only when it is unique in the file, else the next candidate', () => {
    const refs = (inner: string) => `<NtryDtls><TxDtls><Refs>${inner}</Refs></TxDtls></NtryDtls>`;
    const text = statement(
      entry('<AcctSvcrRef>SAME</AcctSvcrRef>' + refs('<EndToEndId>E2E-1</EndToEndId>')) +
        entry('<AcctSvcrRef>SAME</AcctSvcrRef>') +
        entry(refs('<AcctSvcrRef>DETAIL-1</AcctSvcrRef><EndToEndId>E2E-2</EndToEndId>')) +
        entry(refs('<EndToEndId>E2E-9</EndToEndId>')) +
        entry(refs('<EndToEndId>TWICE</EndToEndId>')) +
        entry(refs('<EndToEndId>TWICE</EndToEndId>')) +
        entry(refs('<EndToEndId>NOTPROVIDED</EndToEndId>')),
    );
    expect(parseCamt(text).rows.map((r) => r.externalId)).toEqual([
      // A repeated AcctSvcrRef falls back to the EndToEndId, or to none.
      'E2E-1',
      null,
      // The detail's AcctSvcrRef before its EndToEndId.
      'DETAIL-1',
      'E2E-9',
      // A repeated EndToEndId and the placeholder are no id: the fingerprint recognises the row.
      null,
      null,
      null,
    ]);
  });

  it("never takes NtryRef for an id: banks number each statement's entries 1, 2, …", () => {
    // Two daily statements of one account, each numbering its entries from 1. Taken for ids,
    // "1" and "2" would be repeated (two statements) or, file by file, mark the next day's
    // entries as duplicates of the day before's.
    const day = (date: string, refs: string[]) =>
      `<Stmt><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id><Ccy>EUR</Ccy></Acct>${refs
        .map(
          (ref) =>
            `<Ntry><NtryRef>${ref}</NtryRef><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>${date}</Dt></BookgDt></Ntry>`,
        )
        .join('')}</Stmt>`;
    const document = (statements: string) =>
      `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>${statements}</BkToCstmrStmt></Document>`;
    expect(parseCamt(document(day('2026-01-05', ['1']))).rows.map((r) => r.externalId)).toEqual([null]);
    expect(
      parseCamt(document(day('2026-01-05', ['1', '2']) + day('2026-01-06', ['1', '3']))).rows.map((r) => [
        r.date,
        r.externalId,
      ]),
    ).toEqual([
      ['2026-01-05', null],
      ['2026-01-05', null],
      ['2026-01-06', null],
      ['2026-01-06', null],
    ]);
  });

  it("numbers a batch's details after the entry's AcctSvcrRef, else takes their own EndToEndId", () => {
    const detail = (amount: string, refs: string) =>
      `<TxDtls><Refs>${refs}</Refs><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd></TxDtls>`;
    const batch = (head: string, refsA: string, refsB: string) =>
      entry(`${head}<NtryDtls>${detail('4.00', refsA)}${detail('6.00', refsB)}</NtryDtls>`);
    const text = statement(
      batch('<NtryRef>1</NtryRef><AcctSvcrRef>BATCH-1</AcctSvcrRef>', '<EndToEndId>A</EndToEndId>', '') +
        batch('<NtryRef>2</NtryRef>', '<EndToEndId>B</EndToEndId>', '<EndToEndId>NOTPROVIDED</EndToEndId>'),
    );
    expect(parseCamt(text).rows.map((r) => [r.amount, r.externalId])).toEqual([
      ['-4.00', 'BATCH-1/1'],
      ['-6.00', 'BATCH-1/2'],
      ['-4.00', 'B'],
      ['-6.00', null],
    ]);
  });

  it('reads a batch whose details lack amounts as one row', () => {
    const text = statement(
      entry(
        '<AcctSvcrRef>B1</AcctSvcrRef><NtryDtls><TxDtls><RmtInf><Ustrd>a</Ustrd></RmtInf></TxDtls>' +
          '<TxDtls><RmtInf><Ustrd>b</Ustrd></RmtInf></TxDtls></NtryDtls>',
      ),
    );
    expect(parseCamt(text).rows).toEqual([
      {
        line: 1,
        date: '2026-01-05',
        amount: '-10.00',
        currency: 'EUR',
        description: 'a b',
        payee: '',
        externalId: 'B1',
        account: 'DE02120300000000202051',
      },
    ]);
  });

  it('turns an entry with an unreadable amount, indicator or date into an error row', () => {
    const text = statement(
      '<Ntry><Amt Ccy="EUR">1O.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-01-05</Dt></BookgDt></Ntry>' +
        '<Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>X</CdtDbtInd><BookgDt><Dt>2026-01-05</Dt></BookgDt></Ntry>' +
        '<Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-02-30</Dt></BookgDt></Ntry>' +
        '<Ntry><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-01-05</Dt></BookgDt></Ntry>',
    );
    expect(parseCamt(text).rows.map((r) => [r.line, r.date, r.amount, r.currency, r.error])).toEqual([
      [1, '2026-01-05', '', 'EUR', 'entry 1, amount: "1O.00 DBIT" is not a signed amount'],
      [2, '2026-01-05', '', 'EUR', 'entry 2, amount: "10.00 X" is not a signed amount'],
      [3, '', '10.00', 'EUR', 'entry 3, booking date: missing or not a date'],
      [4, '2026-01-05', '', 'EUR', 'entry 4, amount: missing'],
    ]);
  });

  it('reads a statement without entries as its account alone, and an Othr account', () => {
    expect(parseCamt(statement('', '<Othr><Id>12345678</Id></Othr>'))).toEqual({
      accounts: [{ account: '12345678', currency: 'EUR' }],
      rows: [],
    });
  });

  it('rejects broken XML, a document without statements, and one without account or entries with 422', () => {
    const broken = fixture('camt053-v02.xml').replace('</Ntry>', '');
    const error = rejection(() => parseCamt(broken));
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/^CAMT: the XML is not well-formed \(line \d+: Expected closing tag 'Ntry'/);
    expect(rejection(() => parseCamt('<Ntry><Amt>1</Amt>'))).toMatchObject({ status: 422 });
    expect(
      rejection(() =>
        parseCamt('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>'),
      ),
    ).toMatchObject({
      status: 422,
      message: 'CAMT: no statement (BkToCstmrStmt/Stmt or BkToCstmrAcctRpt/Rpt) found',
    });
    expect(
      rejection(() =>
        parseCamt('<Document><BkToCstmrStmt><GrpHdr><MsgId>1</MsgId></GrpHdr></BkToCstmrStmt></Document>'),
      ),
    ).toMatchObject({
      status: 422,
      message: 'CAMT: no statement (BkToCstmrStmt/Stmt or BkToCstmrAcctRpt/Rpt) found',
    });
    expect(
      rejection(() => parseCamt('<Document><BkToCstmrStmt><Stmt><Id>1</Id></Stmt></BkToCstmrStmt></Document>')),
    ).toMatchObject({
      status: 422,
      message: 'CAMT: the statement names no account and has no entries',
    });
  });

  it('refuses with 422 a DOCTYPE with a file, http, parameter or internal entity, and XML nested 100,000 deep', () => {
    const withDoctype = (doctype: string) =>
      statement(entry('<AddtlNtryInf>&x;</AddtlNtryInf>')).replace('<?xml version="1.0"?>', `$&${doctype}`);
    for (const doctype of [
      '<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
      '<!DOCTYPE Document [<!ENTITY x SYSTEM "http://127.0.0.1:1/camt">]>',
      '<!DOCTYPE Document [<!ENTITY % p SYSTEM "http://127.0.0.1:1/p.dtd"> %p;]>',
      '<!DOCTYPE Document [<!ENTITY x "expanded">]>',
    ]) {
      expect(rejection(() => parseCamt(withDoctype(doctype)))).toMatchObject({
        status: 422,
        message: 'CAMT: the file declares a DOCTYPE; bank statements never do, and Kassa does not read one',
      });
    }
    const deep = statement(entry(`${'<AddtlNtryInf>'.repeat(100_000)}${'</AddtlNtryInf>'.repeat(100_000)}`));
    expect(rejection(() => parseCamt(deep))).toMatchObject({
      status: 422,
      message: 'CAMT: the XML nests deeper than 64 levels; a bank statement needs a dozen at most',
    });
  });
});
