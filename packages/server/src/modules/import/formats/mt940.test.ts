import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { parseMt940 } from './mt940.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/mt940/${name}`, import.meta.url), 'utf8');

function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** One bare statement around the given :61:/:86: lines. */
const statement = (lines: string) =>
  `:20:REF\n:25:DE02120300000000202051\n:28C:1/1\n:60F:C260101EUR0,00\n${lines}\n:62F:C260131EUR0,00\n-`;

describe('parseMt940', () => {
  const blocks = {
    accounts: [
      {
        account: '37040044/0532013000',
        currency: 'EUR',
        closingBalance: '4467.50',
        closingDate: '2024-01-02',
        // :60F: closes 2023-12-28; the first entry is booked on the 29th.
        openingBalance: '1000.00',
        openingDate: '2023-12-29',
      },
      {
        account: 'DE02120300000000202051',
        currency: 'EUR',
        closingBalance: '380.00',
        closingDate: '2024-01-02',
        // :60F: is dated 2024-01-01; its day after would be the 2nd anyway, the first entry's.
        openingBalance: '-120.00',
        openingDate: '2024-01-02',
      },
    ],
    rows: [
      {
        line: 6,
        date: '2023-12-29',
        amount: '-12.50',
        currency: 'EUR',
        // ?20 is a full 27-character piece cut inside "Filiale"; the subfield marker ?33 is split
        // across physical lines too.
        description: 'Baeckerei Mueller Filiale 12 Koeln',
        payee: 'BAECKEREI MUELLER GMBH UND CO KG',
        externalId: 'POS2023122901',
        account: '37040044/0532013000',
      },
      {
        line: 10,
        date: '2023-12-29',
        // RD: the reversal of a debit is money in.
        amount: '25.00',
        currency: 'EUR',
        description: 'Abo Dezember Rueckgabe',
        payee: 'Streaming Media AG',
        externalId: 'RUECK778899',
        account: '37040044/0532013000',
      },
      {
        line: 12,
        // Value day 2023-12-29, booked 0102: in the new year.
        date: '2024-01-02',
        amount: '3500',
        currency: 'EUR',
        description: 'Rechnung 2023-4711 Beratung Dezember',
        payee: 'Muster Consulting GmbH',
        externalId: 'UEB999001',
        account: '37040044/0532013000',
      },
      {
        line: 16,
        date: '2024-01-02',
        amount: '-45.00',
        currency: 'EUR',
        description: 'Abschlag Januar 2024',
        payee: 'Stadtwerke Koeln GmbH',
        // NONREF and no bank reference.
        externalId: null,
        account: '37040044/0532013000',
      },
      {
        line: 27,
        date: '2024-01-02',
        amount: '500.00',
        currency: 'EUR',
        // No :86:: the supplementary details of :61:.
        description: 'Umbuchung vom Tagesgeld',
        payee: '',
        externalId: 'UEB0102',
        // The currency suffix of :25: is cut off.
        account: 'DE02120300000000202051',
      },
    ],
  };

  it('reads a German bank file in SWIFT blocks: two statements, structured :86:, reversal, year end', () => {
    expect(parseMt940(fixture('german-swift-blocks.sta'))).toEqual(blocks);
  });

  it('reads the same file with CRLF line ends alike', () => {
    expect(parseMt940(fixture('german-swift-blocks.sta').replace(/\n/g, '\r\n'))).toEqual(blocks);
  });

  it('reads daily statements of one account as one account with the latest closing and earliest opening balance', () => {
    expect(parseMt940(fixture('daily-statements.sta'))).toEqual({
      accounts: [
        {
          account: 'GB29NWBK60161331926819',
          currency: 'GBP',
          closingBalance: '1535.32',
          closingDate: '2024-03-13',
          // The first statement's :60F:; the second's :60M: is later.
          openingBalance: '2540.12',
          openingDate: '2024-03-12',
        },
      ],
      rows: [
        {
          line: 5,
          date: '2024-03-12',
          amount: '-4.80',
          currency: 'GBP',
          // Unstructured :86: lines joined with a space.
          description: 'CARD PAYMENT COSTA COFFEE LONDON GB 12MAR24',
          payee: '',
          externalId: '9000001122',
          account: 'GB29NWBK60161331926819',
        },
        {
          line: 14,
          date: '2024-03-13',
          amount: '-1000',
          currency: 'GBP',
          // The :86: after :62M: belongs to the statement, not to this row.
          description: 'STANDING ORDER RENT MARCH',
          payee: '',
          // No bank reference: the customer reference.
          externalId: 'RENT-MARCH',
          account: 'GB29NWBK60161331926819',
        },
      ],
    });
  });

  it("joins an entry's :86: fields written one per line, structured ones with their payee", () => {
    const { rows } = parseMt940(fixture('split-86-fields.sta'));
    expect(rows.map((r) => [r.line, r.amount, r.description, r.payee])).toEqual([
      [5, '-40.90', 'Rechnung Bueromaterial RE-2025-1187', ''],
      [8, '-12.50', 'Zeitung November RE-2025-1201', 'Verlagshaus Nord Medien GmbH'],
    ]);
  });

  it('reads the opening balance of :60F: with the day the statement opens, and :60M:', () => {
    // :60F: is dated 2025-11-03, the previous statement's closing day; the first entry is booked on the 4th.
    expect(parseMt940(fixture('split-86-fields.sta')).accounts).toEqual([
      {
        account: 'DE44500105175407324931',
        currency: 'EUR',
        openingBalance: '1250.00',
        openingDate: '2025-11-04',
        closingBalance: '1196.60',
        closingDate: '2025-11-05',
      },
    ]);
    const intermediate = statement(':61:260110D5,00NTRFNONREF').replace(':60F:C260101EUR0,00', ':60M:D260110EUR7,50');
    expect(parseMt940(intermediate).accounts[0]).toMatchObject({ openingBalance: '-7.50', openingDate: '2026-01-10' });
  });

  it('signs every mark and picks the booking year nearest the value day', () => {
    const { rows } = parseMt940(
      statement(
        [
          ':61:260105C1,NTRFNONREF',
          ':61:260105D2,5NTRFNONREF',
          ':61:260105RC3,00NTRFNONREF',
          ':61:260105RD4,00NTRFNONREF',
          ':61:260105CR5,00NTRFNONREF',
          ':61:2601021231D6,00NTRFNONREF',
          ':61:2512310102D7,00NTRFNONREF',
        ].join('\n'),
      ),
    );
    expect(rows.map((r) => [r.line, r.date, r.amount])).toEqual([
      [5, '2026-01-05', '1'],
      [6, '2026-01-05', '-2.5'],
      [7, '2026-01-05', '-3.00'],
      [8, '2026-01-05', '4.00'],
      [9, '2026-01-05', '5.00'],
      [10, '2025-12-31', '-6.00'],
      [11, '2026-01-02', '-7.00'],
    ]);
  });

  it('reads ?-subfields with SEPA keywords but no SVWZ, and a structured field with only a posting text', () => {
    const { rows } = parseMt940(
      statement(
        [
          ':61:260105D9,99NDDTNONREF',
          ':86:105?00LASTSCHRIFT?20EREF+X1?21MREF+M2?32Shop',
          ':61:260106D1,00NCHGNONREF',
          ':86:805?00ABSCHLUSS?10000',
        ].join('\n'),
      ),
    );
    expect(rows.map((r) => [r.description, r.payee])).toEqual([
      ['EREF+X1 MREF+M2', 'Shop'],
      ['ABSCHLUSS', ''],
    ]);
  });

  it('reads a :61: line with spaces around its transaction type', () => {
    const { rows } = parseMt940(
      statement(
        [
          ':61:2511041104DR12,50NTRFNONREF  //123',
          ':61:2511041104DR12,50 NTRF NONREF  //124',
          ':61:2511051105C7,00\tNMSC\t//125',
          ':61:2511051105C7,00 NMSCKREF-9 ',
        ].join('\n'),
      ),
    );
    expect(rows.map((r) => [r.line, r.date, r.amount, r.externalId, r.error])).toEqual([
      [5, '2025-11-04', '-12.50', '123', undefined],
      [6, '2025-11-04', '-12.50', '124', undefined],
      [7, '2025-11-05', '7.00', '125', undefined],
      [8, '2025-11-05', '7.00', 'KREF-9', undefined],
    ]);
  });

  it('turns an unreadable :61: or date into an error row naming the line', () => {
    const { rows } = parseMt940(statement(':61:260105X1,00NTRFNONREF\n:86:Kept anyway\n:61:261305C1,00NTRFNONREF'));
    expect(rows).toEqual([
      {
        line: 5,
        date: '',
        amount: '',
        currency: 'EUR',
        description: 'Kept anyway',
        payee: '',
        externalId: null,
        account: 'DE02120300000000202051',
        error: 'line 5, :61: "260105X1,00NTRFNONREF" is not a statement line',
      },
      {
        line: 7,
        date: '',
        amount: '1.00',
        currency: 'EUR',
        description: '',
        payee: '',
        externalId: null,
        account: 'DE02120300000000202051',
        error: 'line 7, date: "261305" is not a date',
      },
    ]);
  });

  it('rejects text with no statement account and no entries with 422', () => {
    expect(rejection(() => parseMt940('Buchungstag;Betrag\n01.01.2026;5,00'))).toMatchObject({
      status: 422,
      message: 'MT940: no statement (:25: account or :61: entry) found',
    });
    expect(rejection(() => parseMt940(':20:REF\n:28C:1\n-'))).toMatchObject({ status: 422 });
  });
});
