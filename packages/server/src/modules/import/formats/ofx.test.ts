import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { parseOfx, sgmlToXml } from './ofx.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/ofx/${name}`, import.meta.url), 'utf8');

function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** A minimal OFX 1.x file around the given statement transactions. */
const sgml = (transactions: string) => `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR
<BANKACCTFROM><BANKID>1<ACCTID>42</BANKACCTFROM>
<BANKTRANLIST>${transactions}</BANKTRANLIST>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

describe('parseOfx', () => {
  it('reads an OFX 1.02 SGML bank statement: unclosed leaves, entities, decimal comma, closing balance', () => {
    expect(parseOfx(fixture('bank-sgml-102.ofx'))).toEqual({
      accounts: [
        {
          account: '0532013000',
          currency: 'EUR',
          closingBalance: '1234.56',
          closingDate: '2026-02-28',
          // LEDGERBAL less the three rows, before the first.
          openingBalance: '-1112.95',
          openingDate: '2026-02-02',
        },
      ],
      rows: [
        {
          line: 1,
          date: '2026-02-02',
          amount: '-12.50',
          currency: 'EUR',
          description: 'Frühstück Filiale Köln',
          payee: 'Bäckerei Müller & Söhne',
          externalId: '2026020200001',
          account: '0532013000',
        },
        {
          line: 2,
          // 2026-02-27 00:00 at +1 is 2026-02-26 in UTC: the file's own day is kept.
          date: '2026-02-27',
          amount: '2450.00',
          currency: 'EUR',
          description: 'Gehalt Februar 2026',
          payee: 'Arbeitgeber GmbH',
          externalId: '2026022700002',
          account: '0532013000',
        },
        {
          line: 3,
          date: '2026-02-28',
          amount: '-89.99',
          currency: 'EUR',
          // No MEMO: the name is the description too.
          description: 'Stadtwerke <Strom>',
          payee: 'Stadtwerke <Strom>',
          externalId: '2026022800003',
          account: '0532013000',
        },
      ],
    });
  });

  it('reads an OFX 2.1.1 XML credit card statement: PAYEE aggregate, time zones, CURRENCY and ORIGCURRENCY', () => {
    // No opening balance: a row in GBP cannot be taken off a balance in USD.
    expect(parseOfx(fixture('creditcard-v211.ofx'))).toEqual({
      accounts: [
        { account: '4111111111111111', currency: 'USD', closingBalance: '-1580.32', closingDate: '2026-11-30' },
      ],
      rows: [
        {
          line: 1,
          // 23:30 at -8 is 07:30 on 1 December in UTC; the bank booked it on 30 November.
          date: '2026-11-30',
          amount: '-42.17',
          currency: 'USD',
          description: 'Groceries',
          payee: 'WHOLE FOODS MKT #10234',
          externalId: '320263340276517',
          account: '4111111111111111',
        },
        {
          line: 2,
          date: '2026-11-15',
          amount: '-23.40',
          // ORIGCURRENCY: TRNAMT was converted into CURDEF, so it is in USD.
          currency: 'USD',
          description: 'Card purchase abroad – 21.60 EUR',
          payee: 'CAFE DE FLORE PARIS',
          externalId: '320263190112233',
          account: '4111111111111111',
        },
        {
          line: 3,
          date: '2026-11-16',
          amount: '-15.00',
          // CURRENCY: TRNAMT is in that currency.
          currency: 'GBP',
          description: 'LONDON UNDERGROUND',
          payee: 'LONDON UNDERGROUND',
          externalId: '320263200445566',
          account: '4111111111111111',
        },
        {
          line: 4,
          date: '2026-11-20',
          amount: '500.00',
          currency: 'USD',
          description: 'PAYMENT - THANK YOU',
          payee: 'PAYMENT - THANK YOU',
          externalId: '320263240998877',
          account: '4111111111111111',
        },
      ],
    });
  });

  it('reads a QFX (INTU.BID) written on few lines: empty and closed leaves, bare &, thousands, negative zero', () => {
    expect(parseOfx(fixture('checking-intu.qfx'))).toEqual({
      accounts: [
        {
          account: '000123456789',
          currency: 'USD',
          closingBalance: '3410.55',
          closingDate: '2026-01-10',
          openingBalance: '4667.80',
          openingDate: '2025-12-31',
        },
      ],
      rows: [
        {
          line: 1,
          date: '2025-12-31',
          amount: '-1250.00',
          currency: 'USD',
          description: 'CHECK 1042',
          payee: 'CHECK 1042',
          externalId: '202512310',
          account: '000123456789',
        },
        {
          line: 2,
          date: '2026-01-05',
          amount: '-7.25',
          currency: 'USD',
          description: 'Online payment ref 8841',
          payee: 'AT&T MOBILITY',
          externalId: '202601051',
          account: '000123456789',
        },
        {
          line: 3,
          date: '2026-01-08',
          amount: '0.00',
          currency: 'USD',
          description: 'ZERO ADJUSTMENT',
          payee: 'ZERO ADJUSTMENT',
          externalId: '202601082',
          account: '000123456789',
        },
      ],
    });
  });

  it('reads two statements as two accounts, numbering transactions across them', () => {
    const { accounts, rows } = parseOfx(fixture('two-statements.ofx'));
    expect(accounts).toEqual([
      {
        account: 'CH9300762011623852957',
        currency: 'CHF',
        closingBalance: '4210.35',
        closingDate: '2026-03-31',
        openingBalance: '6510.35',
        openingDate: '2026-03-03',
      },
      {
        account: 'CH5604835012345678009',
        currency: 'CHF',
        closingBalance: '10501.25',
        closingDate: '2026-03-31',
        openingBalance: '10000.00',
        openingDate: '2026-03-25',
      },
    ]);
    expect(rows.map((r) => [r.line, r.account, r.date, r.amount, r.externalId, r.description, r.payee])).toEqual([
      [1, 'CH9300762011623852957', '2026-03-03', '-1800.00', 'CHK-0303-1', 'Miete März', 'Hausverwaltung AG'],
      [2, 'CH9300762011623852957', '2026-03-25', '-500.00', 'CHK-0325-1', 'Transfer to savings', 'Transfer to savings'],
      [
        3,
        'CH5604835012345678009',
        '2026-03-25',
        '500.00',
        'SAV-0325-1',
        'Transfer from checking',
        'Transfer from checking',
      ],
      [4, 'CH5604835012345678009', '2026-03-31', '1.25', 'SAV-0331-1', 'Habenzins Q1', 'Zins'],
    ]);
    expect(rows.every((r) => r.currency === 'CHF' && r.error === undefined)).toBe(true);
  });

  it('keeps the stated day for every date-time form and zone', () => {
    const dates = [
      '20261130',
      '20261130233000',
      '20261130233000.000',
      '20261130233000.000[-8:PST]',
      '20261130233000[-5:EST]',
      '20261130003000.000[+1:CET]',
      '20261130233000[0:GMT]',
      '20261130233000.000[+5.30:IST]',
    ];
    const transactions = dates
      .map((date, i) => `<STMTTRN><DTPOSTED>${date}<TRNAMT>1.00<FITID>${i}</STMTTRN>`)
      .join('\n');
    expect(parseOfx(sgml(transactions)).rows.map((r) => r.date)).toEqual(dates.map(() => '2026-11-30'));
  });

  it('turns a transaction with an unreadable date or amount into an error row', () => {
    const { rows } = parseOfx(
      sgml(`
<STMTTRN><DTPOSTED>20261131<TRNAMT>1.00<FITID>A</STMTTRN>
<STMTTRN><DTPOSTED>20261101<TRNAMT>12.3.4,5<FITID>B</STMTTRN>
<STMTTRN><FITID>C<NAME>Nothing</STMTTRN>
<STMTTRN><DTPOSTED>20261102<TRNAMT>-3<FITID>D</STMTTRN>`),
    );
    expect(rows.map((r) => [r.line, r.date, r.amount, r.error])).toEqual([
      [1, '', '1.00', 'transaction 1, DTPOSTED: "20261131" is not a date'],
      [2, '2026-11-01', '', 'transaction 2, TRNAMT: "12.3.4,5" is not a number'],
      [3, '', '', 'transaction 3, DTPOSTED: missing; TRNAMT: missing'],
      [4, '2026-11-02', '-3', undefined],
    ]);
  });

  it('reads lower-case SGML tags and a file without a closing balance', () => {
    const text = `OFXHEADER:100\n\n<ofx><bankmsgsrsv1><stmttrnrs><stmtrs><curdef>eur<bankacctfrom><acctid>7</bankacctfrom>
<banktranlist><stmttrn><dtposted>20260101<trnamt>5<fitid>x<memo>Gift</stmttrn></banktranlist></stmtrs></stmttrnrs></bankmsgsrsv1></ofx>`;
    expect(parseOfx(text)).toEqual({
      accounts: [{ account: '7', currency: 'EUR' }],
      rows: [
        {
          line: 1,
          date: '2026-01-01',
          amount: '5',
          currency: 'EUR',
          description: 'Gift',
          payee: '',
          externalId: 'x',
          account: '7',
        },
      ],
    });
  });

  it('reads a statement without transactions as an account alone', () => {
    expect(parseOfx(sgml(''))).toEqual({ accounts: [{ account: '42', currency: 'EUR' }], rows: [] });
  });

  it('rejects what is no readable OFX with 422', () => {
    expect(rejection(() => parseOfx('just some text'))).toMatchObject({
      status: 422,
      message: 'OFX: no <OFX> element found',
    });
    expect(
      rejection(() => parseOfx('OFXHEADER:100\n\n<OFX><SIGNONMSGSRSV1><SONRS><CODE>0</SONRS></SIGNONMSGSRSV1></OFX>')),
    ).toMatchObject({ status: 422, message: 'OFX: no statement (STMTRS or CCSTMTRS) found' });
    const broken = fixture('creditcard-v211.ofx').replace('</STMTTRN>', '');
    const error = rejection(() => parseOfx(broken));
    expect(error.status).toBe(422);
    expect(error.message).toMatch(
      /^OFX: the XML is not well-formed \(line 75: Expected closing tag .STMTTRN. \(opened in line 29, col 11\)/,
    );
  });

  it('names the file line of a fault in an OFX 1.x file too', () => {
    const broken = fixture('bank-sgml-102.ofx').replace('</STMTTRN>', '');
    const error = rejection(() => parseOfx(broken));
    expect(error.status).toBe(422);
    // The first STMTTRN opens on line 43; the fault shows where BANKTRANLIST closes, line 68.
    expect(error.message).toMatch(
      /^OFX: the XML is not well-formed \(line 68: Expected closing tag 'STMTTRN' \(opened in line 43, col 1\)/,
    );
  });

  it('reads an SGML body with unclosed leaves under an XML header (<?xml?><?OFX?>) as SGML', () => {
    const { accounts, rows } = parseOfx(fixture('xml-header-sgml-body.ofx'));
    expect(accounts).toMatchObject([
      { account: '5407324931', currency: 'EUR', closingBalance: '2487.50', closingDate: '2025-11-30' },
    ]);
    expect(rows.map((r) => [r.line, r.date, r.amount, r.payee, r.description, r.externalId, r.error])).toEqual([
      [1, '2025-11-04', '-12.50', 'Bakery Corner', 'Breakfast', '20251104-1', undefined],
      [2, '2025-11-28', '1500.00', 'Employer Ltd', 'Employer Ltd', '20251128-1', undefined],
    ]);
  });

  it('names the fault of a file under an XML header that no reading reads', () => {
    // An aggregate left open is a fault in both readings; the one found further in is named (the
    // XML reading stops at line 7, the first unclosed leaf), where BANKTRANLIST closes.
    const broken = fixture('xml-header-sgml-body.ofx').replace('</STMTTRN>', '');
    expect(rejection(() => parseOfx(broken)).message).toMatch(
      /^OFX: the XML is not well-formed \(line 42: Expected closing tag 'STMTTRN' \(opened in line 27, col 1\)/,
    );
  });

  it('reads one unclosed leaf among closed ones, an empty one too, in 1.x and under an XML header', () => {
    const transactions =
      '<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20251104</DTPOSTED><TRNAMT>-12.50</TRNAMT>' +
      '<FITID>1</FITID><NAME>Bakery</NAME><MEMO>Rolls</MEMO></STMTTRN>\n' +
      '<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20251105</DTPOSTED><TRNAMT>-3.10\n' +
      '<FITID>2</FITID><NAME>Kiosk</NAME><MEMO></STMTTRN>';
    const xmlHeader = sgml(transactions).replace(/^[^<]*/, '<?xml version="1.0"?>\n<?OFX OFXHEADER="200"?>\n');
    for (const file of [sgml(transactions), xmlHeader]) {
      expect(parseOfx(file).rows.map((r) => [r.date, r.amount, r.payee, r.description, r.error])).toEqual([
        ['2025-11-04', '-12.50', 'Bakery', 'Rolls', undefined],
        ['2025-11-05', '-3.10', 'Kiosk', 'Kiosk', undefined],
      ]);
    }
  });

  it('decodes the standard entities a bank encoded once more in values, never a declared one', () => {
    const name =
      'TPAY &amp;lt;DEFTPYMT&amp;gt; &amp;amp; &amp;quot;Q&amp;quot; &amp;apos;A&amp;apos; &amp;#233;&amp;#xE9; &amp;x;';
    const transaction = `<STMTTRN><DTPOSTED>20251104<TRNAMT>-1<FITID>A&amp;lt;1&amp;gt;<NAME>${name}<MEMO>${name}</STMTTRN>`;
    const xml = fixture('creditcard-v211.ofx').replace('<NAME>WHOLE FOODS MKT #10234</NAME>', `<NAME>${name}</NAME>`);
    const decoded = 'TPAY <DEFTPYMT> & "Q" \'A\' éé &x;';
    expect(parseOfx(sgml(transaction)).rows[0]).toMatchObject({
      payee: decoded,
      description: decoded,
      externalId: 'A<1>',
    });
    expect(parseOfx(xml).rows[0]?.payee).toBe(decoded);
  });

  it("reads the opening balance as LEDGERBAL less the rows, on the first row's day, or DTSTART's", () => {
    expect(parseOfx(fixture('xml-header-sgml-body.ofx')).accounts).toEqual([
      {
        account: '5407324931',
        currency: 'EUR',
        openingBalance: '1000.00',
        openingDate: '2025-11-04',
        closingBalance: '2487.50',
        closingDate: '2025-11-30',
      },
    ]);
    const empty = fixture('xml-header-sgml-body.ofx').replace(/<STMTTRN>[\s\S]*<\/STMTTRN>\n/, '');
    expect(parseOfx(empty).accounts[0]).toMatchObject({ openingBalance: '2487.50', openingDate: '2025-11-01' });
    const unreadable = fixture('xml-header-sgml-body.ofx').replace('<TRNAMT>-12.50', '<TRNAMT>x');
    expect(parseOfx(unreadable).accounts[0]).not.toHaveProperty('openingBalance');
  });

  it('still reads the transactions of a 1.x file that forgot </BANKTRANLIST>', () => {
    const forgetful = fixture('bank-sgml-102.ofx').replace('</BANKTRANLIST>', '');
    expect(parseOfx(forgetful)).toEqual(parseOfx(fixture('bank-sgml-102.ofx')));
  });
});

describe('parseOfx with hostile files', () => {
  const DOCTYPE = 'OFX: the file declares a DOCTYPE; bank statements never do, and Kassa does not read one';
  const entity = '<!DOCTYPE OFX [<!ENTITY x SYSTEM "file:///etc/passwd">]>';

  it('refuses a DOCTYPE with 422 in the header of a 2.x file, inside its body, and in a 1.x file', () => {
    const xml = fixture('creditcard-v211.ofx');
    const inHeader = xml.replace('<OFX>', `${entity}<OFX>`);
    const inBody = xml.replace('<OFX>', `<OFX>${entity}`);
    const inSgml = sgml('<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260105<TRNAMT>-1<NAME>&x;</STMTTRN>').replace(
      'VERSION:102\n',
      `VERSION:102\n${entity}\n`,
    );
    for (const file of [inHeader, inBody, inSgml]) {
      expect(rejection(() => parseOfx(file))).toMatchObject({ status: 422, message: DOCTYPE });
    }
    expect(
      rejection(() =>
        parseOfx(xml.replace('<OFX>', '<!DOCTYPE OFX [<!ENTITY % p SYSTEM "http://127.0.0.1:1/p"> %p;]><OFX>')),
      ),
    ).toMatchObject({ status: 422, message: DOCTYPE });
  });

  it('refuses XML nested 100,000 deep with 422, in a 2.x file and in a 1.x file once made XML', () => {
    const deep = `${'<MEMO>'.repeat(100_000)}${'</MEMO>'.repeat(100_000)}`;
    const message = 'OFX: the XML nests deeper than 64 levels; a bank statement needs a dozen at most';
    const xml = fixture('creditcard-v211.ofx').replace('<OFX>', `<OFX>${deep}`);
    expect(rejection(() => parseOfx(xml))).toMatchObject({ status: 422, message });
    expect(rejection(() => parseOfx(sgml(deep)))).toMatchObject({ status: 422, message });
  });
});

describe('sgmlToXml', () => {
  it('closes leaves after their text, keeps line breaks, and leaves aggregates and closed leaves alone', () => {
    expect(sgmlToXml('<A>\n<B>one &amp; two\n<C>x</C>\n<D>\n</A>\n')).toBe(
      '<A>\n<B>one &amp; two</B>\n<C>x</C>\n<D></D>\n</A>\n',
    );
  });

  it('escapes a bare & and < in text', () => {
    expect(sgmlToXml('<A><B>AT&T < 5 &#233;</A>')).toBe('<A><B>AT&amp;T &lt; 5 &#233;</B></A>');
  });
});
