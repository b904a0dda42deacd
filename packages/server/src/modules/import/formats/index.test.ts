import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { NOT_A_FORMAT, parseFile } from './index.js';
import type { ParsedRow, ParseRequest } from './types.js';

// Every CSV dialect fixture read end to end: decoding, detection, dialect, mapping and rows.

const fixture = (path: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${path}`, import.meta.url)));

function row(
  line: number,
  date: string,
  amount: string,
  description: string,
  extra: Partial<Omit<ParsedRow, 'line' | 'date' | 'amount' | 'description'>> = {},
): ParsedRow {
  return { line, date, amount, currency: '', description, payee: '', externalId: null, account: '', ...extra };
}

/** The AppError parseFile throws, as status and message. */
function failure(bytes: Uint8Array, request: ParseRequest = {}): { status: number; message: string } {
  try {
    parseFile(bytes, request);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('parseFile did not fail');
}

describe('parseFile: CSV dialects', () => {
  it('reads a German bank export: Windows-1252, title lines, ";", 1.234,56, DD.MM.YYYY', () => {
    const file = parseFile(fixture('encodings/de-dkb-windows-1252.csv'), {});
    expect(file.format).toBe('csv');
    expect(file.encoding).toBe('windows-1252');
    expect(file.csv).toEqual({
      delimiter: ';',
      decimalSeparator: ',',
      thousandsSeparator: '.',
      dateFormat: 'DD.MM.YYYY',
      encoding: 'windows-1252',
      skipLines: 6,
      columns: {
        date: 'Buchungstag',
        amount: 'Betrag (€)',
        payee: 'Auftraggeber / Begünstigter',
        description: 'Verwendungszweck',
      },
    });
    expect(file.accounts).toEqual([{ account: '', currency: '' }]);
    expect(file.rows).toEqual([
      row(8, '2026-01-02', '-4.50', 'Brötchen & Kaffee, Filiale Münchner Straße', { payee: 'Bäckerei Müller GmbH' }),
      row(9, '2026-01-05', '1234.56', 'Rückzahlung Übernachtung Köln', { payee: 'Jörg Weiß' }),
      row(10, '2026-01-15', '-1050.00', 'Miete Januar 2026 – Wohnung 3', { payee: 'Hausverwaltung Groß & Söhne' }),
      row(11, '2026-01-28', '-85.00', 'Strom Abschlag „Januar“', { payee: 'Stadtwerke Süd' }),
      row(12, '', '-29.90', 'Beitrag Februar', {
        payee: 'Fitnessstudio Ärmelkanal',
        error: 'line 12, date: "31.02.2026" is not a date in DD.MM.YYYY',
      }),
      // The blank line 14 and the closing balance on line 15 (no date, no amount) are no rows.
      row(13, '2026-01-31', '-4.90', 'Kontoführungsentgelt 4,90 €'),
    ]);
    expect(file.table?.header).toEqual([
      'Buchungstag',
      'Wertstellung',
      'Buchungstext',
      'Auftraggeber / Begünstigter',
      'Verwendungszweck',
      'Kontonummer',
      'BLZ',
      'Betrag (€)',
      'Gläubiger-ID',
      'Mandatsreferenz',
      'Kundenreferenz',
      '',
    ]);
    expect(file.table?.rows).toHaveLength(7);
    expect(file.table?.rows[6]).toEqual(['Kontostand vom 31.01.2026:', '2.345,67 €', '']);
  });

  it('reads a US export: CRLF, MM/DD/YYYY, quoted "1,234.56", Debit/Credit, a quoted line break', () => {
    const file = parseFile(fixture('csv/us-bank.csv'), {});
    expect(file.encoding).toBe('utf-8');
    expect(file.csv).toEqual({
      delimiter: ',',
      decimalSeparator: '.',
      thousandsSeparator: ',',
      dateFormat: 'MM/DD/YYYY',
      encoding: 'utf-8',
      skipLines: 0,
      columns: {
        date: 'Transaction Date',
        debit: 'Debit',
        credit: 'Credit',
        description: 'Description',
        balance: 'Balance',
      },
    });
    // The unreadable debit of the last row leaves its balance the closing one, unchecked.
    expect(file.accounts).toEqual([
      {
        account: '',
        currency: '',
        openingBalance: '5000.00',
        openingDate: '2026-01-02',
        closingBalance: '6235.35',
        closingDate: '2026-01-25',
      },
    ]);
    expect(file.rows).toEqual([
      row(2, '2026-01-02', '-5.75', 'STARBUCKS STORE #1234, SEATTLE WA'),
      row(3, '2026-01-05', '2500.00', 'PAYROLL ACME CORP, INC.'),
      row(4, '2026-01-14', '-1234.56', 'ONLINE TRANSFER TO SAVINGS REF #A1B2C3, MEMO: "rainy day"'),
      // A debit written negative is still money out.
      row(6, '2026-01-20', '-23.99', 'AMAZON.COM*AB12C'),
      row(7, '2026-01-22', '12.00', 'REFUND AMAZON.COM'),
      row(8, '2026-01-25', '', 'CHECK 1043', { error: 'line 8, debit: "12.3.4" is not a number' }),
    ]);
  });

  it('reads a UK export: title lines, DD/MM/YYYY, Paid out / Paid in in £, a blank line between rows', () => {
    const file = parseFile(fixture('csv/uk-bank.csv'), {});
    expect(file.csv).toMatchObject({
      delimiter: ',',
      decimalSeparator: '.',
      dateFormat: 'DD/MM/YYYY',
      skipLines: 4,
      columns: { date: 'Date', debit: 'Paid out', credit: 'Paid in', description: 'Description', balance: 'Balance' },
    });
    expect(file.accounts).toMatchObject([
      { openingBalance: '1234.56', openingDate: '2026-01-02', closingBalance: '2166.16', closingDate: '2026-01-28' },
    ]);
    expect(file.rows).toEqual([
      row(6, '2026-01-02', '-23.40', 'TESCO STORES 3217'),
      row(7, '2026-01-13', '2100.00', 'SALARY ACME LTD'),
      row(9, '2026-01-15', '-145.00', 'COUNCIL TAX'),
      row(10, '2026-01-28', '-1000.00', 'Savings ISA'),
    ]);
  });

  it('reads a French export: "1 234,56" with space, NBSP and narrow NBSP, Libellé, one currency', () => {
    const file = parseFile(fixture('csv/fr-banque.csv'), {});
    // Every day is 12 or less: with a decimal comma the day comes first.
    expect(file.csv).toEqual({
      delimiter: ';',
      decimalSeparator: ',',
      thousandsSeparator: ' ',
      dateFormat: 'DD/MM/YYYY',
      encoding: 'utf-8',
      skipLines: 0,
      columns: { date: 'Date opération', amount: 'Montant', currency: 'Devise', description: 'Libellé' },
    });
    expect(file.accounts).toEqual([{ account: '', currency: 'EUR' }]);
    const eur = { currency: 'EUR' };
    expect(file.rows).toEqual([
      row(2, '2026-01-03', '-45.30', 'CB CARREFOUR MARKET 02/01', eur),
      row(3, '2026-01-05', '2345.67', 'VIR SEPA SALAIRE SOCIETE DUPONT', eur),
      row(4, '2026-01-10', '-1234.56', 'PRLV SEPA EDF', eur),
      row(5, '2026-01-12', '-1000.00', 'RETRAIT DAB', eur),
    ]);
  });

  it("reads a Swiss export: 1'234.50 under ';', Gutschrift/Lastschrift with negative debits", () => {
    const file = parseFile(fixture('csv/ch-postfinance.csv'), {});
    expect(file.csv).toEqual({
      delimiter: ';',
      decimalSeparator: '.',
      thousandsSeparator: "'",
      dateFormat: 'DD.MM.YYYY',
      encoding: 'utf-8',
      skipLines: 6,
      columns: {
        date: 'Buchungsdatum',
        debit: 'Lastschrift in CHF',
        credit: 'Gutschrift in CHF',
        description: 'Avisierungstext',
        balance: 'Saldo in CHF',
      },
    });
    expect(file.accounts).toMatchObject([
      { openingBalance: '1234.50', openingDate: '2026-01-05', closingBalance: '4279.10', closingDate: '2026-01-20' },
    ]);
    expect(file.rows).toEqual([
      row(8, '2026-01-05', '-89.90', 'Kauf/Dienstleistung vom 04.01.2026 Migros Zürich'),
      row(9, '2026-01-10', '5234.50', 'Gutschrift Lohn Januar Muster AG'),
      row(10, '2026-01-20', '-2100.00', 'Dauerauftrag Miete'),
    ]);
  });

  it('reads ISO dates (with a time) in a tab-separated file with ids and mixed currencies', () => {
    const file = parseFile(fixture('csv/iso-tab.tsv'), {});
    expect(file.csv).toMatchObject({
      delimiter: '\t',
      decimalSeparator: '.',
      thousandsSeparator: '',
      dateFormat: 'YYYY-MM-DD',
      columns: {
        date: 'Booking Date',
        amount: 'Amount',
        currency: 'Currency',
        id: 'Transaction ID',
        payee: 'Counterparty',
        description: 'Reference',
      },
    });
    expect(file.accounts).toEqual([{ account: '', currency: '' }]);
    expect(file.rows).toEqual([
      row(2, '2026-01-02', '-9.99', 'Subscription, January', {
        payee: 'Spotify AB',
        externalId: 'TX-0001',
        currency: 'EUR',
      }),
      row(3, '2026-01-03', '450.00', 'Rent share', { payee: 'Jane Doe', externalId: 'TX-0002', currency: 'EUR' }),
      row(4, '2026-01-04', '-35.20', 'Books', { payee: 'Amazon US', externalId: 'TX-0003', currency: 'USD' }),
    ]);
  });

  it('reads every way of writing a sign: parentheses, trailing minus, U+2212, "+", negative zero', () => {
    const file = parseFile(fixture('csv/signs-and-ids.csv'), {});
    expect(file.csv).toMatchObject({ delimiter: ';', decimalSeparator: ',', thousandsSeparator: '.' });
    expect(file.rows).toEqual([
      row(2, '2026-01-02', '-4.50', 'Kaffee', { payee: 'Café Zürich', externalId: 'A-1001' }),
      row(3, '2026-01-03', '-12.50', 'Rücksendung', { payee: 'Versandhaus', externalId: 'A-1002' }),
      row(4, '2026-01-04', '0.00', 'Storno Gebühr', { payee: 'Bank', externalId: 'A-1003' }),
      row(5, '2026-01-05', '-2.80', 'Zeitung', { payee: 'Kiosk', externalId: 'A-1004' }),
      row(6, '2026-01-06', '2500.00', 'Gehalt', { payee: 'Arbeitgeber GmbH', externalId: 'A-1005' }),
      row(7, '2026-01-07', '-1234.5', 'Benzin', { payee: 'Tankstelle', externalId: 'A-1006' }),
      row(8, '2026-01-08', '50', 'Einzahlung', { payee: 'Bargeld' }),
      row(9, '2026-01-09', '', 'Kauf', {
        payee: 'Shop',
        externalId: 'A-1008',
        error: 'line 9, amount: "12,3,4" is not a number',
      }),
    ]);
  });
});

describe('parseFile: unsigned amounts with an in/out column', () => {
  it('reads ING (NL): "Af Bij" marks, YYYYMMDD, decimal comma under ","', () => {
    const file = parseFile(fixture('csv/nl-ing.csv'), {});
    expect(file.csv).toMatchObject({
      delimiter: ',',
      decimalSeparator: ',',
      thousandsSeparator: '.',
      dateFormat: 'YYYYMMDD',
      columns: { date: 'Datum', amount: 'Bedrag (EUR)', payee: 'Naam / Omschrijving', description: 'Mededelingen' },
    });
    expect(file.rows).toEqual([
      row(2, '2026-01-02', '-12.50', 'Pasvolgnr:001 02-01-2026 12:00 Transactie:AB12CD', {
        payee: 'Albert Heijn 1234 AMSTERDAM',
      }),
      row(3, '2026-01-05', '2500.00', 'Naam: Werkgever BV Omschrijving: Salaris januari', { payee: 'Werkgever BV' }),
      row(4, '2026-01-10', '-1234.56', 'Voorlopige aanslag 2026', { payee: 'Belastingdienst' }),
    ]);
  });

  it('reads a Volksbank export: S/H marks in a column with a blank header', () => {
    const file = parseFile(fixture('csv/de-volksbank-sh.csv'), {});
    expect(file.csv).toMatchObject({ skipLines: 3, columns: { amount: 'Umsatz', currency: 'Währung' } });
    expect(file.accounts).toEqual([{ account: '', currency: 'EUR' }]);
    expect(file.rows).toEqual([
      row(5, '2026-01-02', '-4.50', 'Kartenzahlung Brötchen', { payee: 'Bäckerei Schmidt', currency: 'EUR' }),
      row(6, '2026-01-05', '3210.00', 'Gehalt Januar', { payee: 'Muster AG', currency: 'EUR' }),
    ]);
  });
});

describe('parseFile: encodings', () => {
  it('reads UTF-16 LE with a BOM (Excel "Unicode text")', () => {
    const file = parseFile(fixture('encodings/excel-unicode-text-utf16le-bom.txt'), {});
    expect(file.encoding).toBe('utf-16le');
    expect(file.csv).toMatchObject({ delimiter: '\t', dateFormat: 'DD/MM/YYYY', encoding: 'utf-16le' });
    expect(file.rows).toEqual([
      row(2, '2026-01-15', '-3.80', 'Café “Le Zinc”, Zoë'),
      row(3, '2026-01-16', '25.00', 'Łukasz Nowak — refund'),
    ]);
  });

  it('reads UTF-8 with a BOM; the BOM does not spoil the first header', () => {
    const file = parseFile(fixture('encodings/n26-utf8-bom.csv'), {});
    expect(file.encoding).toBe('utf-8');
    // The foreign-currency amount and its currency are not the row's.
    expect(file.csv?.columns).toEqual({
      date: 'Date',
      amount: 'Amount (EUR)',
      payee: 'Payee',
      description: 'Payment reference',
    });
    expect(file.rows).toEqual([
      row(2, '2026-01-03', '-4.20', '', { payee: 'Café de l’Église' }),
      row(3, '2026-01-04', '-107.45', '', { payee: 'Grand Hotel New York' }),
      row(4, '2026-01-06', '30.00', 'Dîner 🍝 merci', { payee: 'Émilie Dubois' }),
    ]);
  });

  it('reads ISO-8859-2 (Polish letters, "#"-headers, space thousands)', () => {
    const file = parseFile(fixture('encodings/pl-iso-8859-2.csv'), {});
    expect(file.encoding).toBe('iso-8859-2');
    expect(file.csv).toMatchObject({
      delimiter: ';',
      decimalSeparator: ',',
      thousandsSeparator: ' ',
      dateFormat: 'DD.MM.YYYY',
      columns: {
        date: '#Data operacji',
        amount: '#Kwota',
        currency: '#Waluta',
        payee: '#Nadawca/Odbiorca',
        description: '#Tytuł',
      },
    });
    expect(file.accounts).toEqual([{ account: '', currency: 'PLN' }]);
    const pln = { currency: 'PLN' };
    expect(file.rows).toEqual([
      row(2, '2026-01-02', '-12.50', 'Żabka Łódź ul. Piotrkowska', { ...pln, payee: 'ŻABKA POLSKA SP. Z O.O.' }),
      row(3, '2026-01-05', '5432.10', 'Wynagrodzenie za grudzień', {
        ...pln,
        payee: 'PRZEDSIĘBIORSTWO ŚLĘŻA SP. Z O.O.',
      }),
      row(4, '2026-01-07', '-845.00', 'Opłata za mieszkanie, styczeń', {
        ...pln,
        payee: 'SPÓŁDZIELNIA MIESZKANIOWA ŹRÓDŁO',
      }),
    ]);
  });

  it('reads the file in a given encoding (options.encoding or options.csv.encoding)', () => {
    const bytes = fixture('encodings/de-dkb-windows-1252.csv');
    const file = parseFile(bytes, { encoding: 'iso-8859-1' });
    expect(file.encoding).toBe('iso-8859-1');
    expect(file.csv?.encoding).toBe('iso-8859-1');
    expect(file.rows[0]?.payee).toBe('Bäckerei Müller GmbH');
    // 0x84 and 0x93 („ “ in Windows-1252) are C1 control characters in ISO-8859-1: cleaned away.
    expect(file.rows[3]?.description).toBe('Strom Abschlag Januar');
    expect(parseFile(bytes, { csv: { encoding: 'iso-8859-1' } }).encoding).toBe('iso-8859-1');
  });

  it('reads UTF-16 without a BOM', () => {
    const bytes = iconv.encode('Date,Amount,Memo\n2026-01-02,-4.50,Café\n', 'utf-16le');
    const file = parseFile(new Uint8Array(bytes), {});
    expect(file.encoding).toBe('utf-16le');
    expect(file.rows).toEqual([row(2, '2026-01-02', '-4.50', 'Café')]);
  });
});

describe('parseFile: other formats and bad input', () => {
  it('rejects an empty file, or one of only whitespace, with 422', () => {
    expect(failure(new Uint8Array())).toEqual({ status: 422, message: 'The file is empty' });
    expect(failure(new TextEncoder().encode(' \r\n\t\n'))).toEqual({ status: 422, message: 'The file is empty' });
    expect(failure(new Uint8Array([0xef, 0xbb, 0xbf]))).toEqual({ status: 422, message: 'The file is empty' });
  });

  it('rejects PDF, ZIP/XLSX and other binary content with 415', () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x0a, 0x00, 0x01])]);
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]);
    const binary = new Uint8Array(Array.from({ length: 512 }, (_, i) => (i * 37) % 256));
    for (const bytes of [pdf, zip, binary]) {
      expect(failure(new Uint8Array(bytes))).toEqual({ status: 415, message: NOT_A_FORMAT });
    }
    expect(NOT_A_FORMAT).toBe('The file is not a format Kassa reads: CSV, OFX/QFX, QIF, CAMT.052/.053 or MT940');
  });

  it('rejects text that is no format Kassa reads with 415', () => {
    const letter = new TextEncoder().encode('Dear customer,\nyour statement is attached.\n');
    expect(failure(letter)).toEqual({ status: 415, message: NOT_A_FORMAT });
  });

  it('rejects a given format the content plainly is not with 422 naming it', () => {
    expect(failure(fixture('csv/us-bank.csv'), { format: 'ofx' })).toEqual({
      status: 422,
      message: 'The file is not OFX: it looks like CSV',
    });
    const qif = new TextEncoder().encode('!Type:Bank\nD01/02/2026\nT-5.75\n^\n');
    expect(failure(qif, { format: 'csv' })).toEqual({ status: 422, message: 'The file is not CSV: it looks like QIF' });
    const letter = new TextEncoder().encode('Dear customer,\nyour statement is attached.\n');
    expect(failure(letter, { format: 'csv' })).toEqual({
      status: 422,
      message: 'The file is not CSV: no delimiter (, ; tab |) splits its lines into the same columns',
    });
  });

  it('takes a given csv format and reports it; auto detects', () => {
    expect(parseFile(fixture('csv/us-bank.csv'), { format: 'csv' }).format).toBe('csv');
    expect(parseFile(fixture('csv/us-bank.csv'), { format: 'auto' }).format).toBe('csv');
  });
});

describe('parseFile: size of a file in rows', () => {
  const csv = (rows: number) =>
    new TextEncoder().encode(
      ['Date,Payee,Amount', ...Array.from({ length: rows }, (_, i) => `2024-01-0${(i % 9) + 1},Shop,-1.00`)].join('\n'),
    );

  it('reads a file of as many rows as an import takes', () => {
    expect(parseFile(csv(3), {}, 3).rows).toHaveLength(3);
  });

  it('refuses a file of more rows than an import takes (413), naming both counts', () => {
    let caught: unknown;
    try {
      parseFile(csv(4), {}, 3);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(413);
    expect((caught as AppError).message).toBe('The file has 4 rows; one import takes at most 3: split it by date');
  });
});
