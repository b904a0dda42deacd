// The words banks head their CSV columns with, in English, German, French, Spanish, Dutch,
// Italian, Polish and Czech, and how well a header cell matches them.

export const CSV_FIELDS = [
  'date',
  'amount',
  'debit',
  'credit',
  'currency',
  'id',
  'payee',
  'description',
  'balance',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

// Header words, normalised (lower case, no accents, ß → ss, ł → l, punctuation → space), best first:
// the booking day before the value day, the free text before the booking type.
const NAMES: Record<CsvField, readonly string[]> = {
  date: [
    'buchungstag',
    'buchungsdatum',
    'date',
    'transaction date',
    'posting date',
    'posted date',
    'booking date',
    'date posted',
    'trans date',
    'completed date',
    'datum',
    'fecha',
    'data',
    'date operation',
    'date de l operation',
    'date d operation',
    'date comptable',
    'fecha operacion',
    'fecha contable',
    'boekdatum',
    'transactiedatum',
    'data operazione',
    'data contabile',
    'data ksiegowania',
    'data operacji',
    'datum zauctovani',
    'value date',
    'wertstellung',
    'valutadatum',
    'valuta',
    'date valeur',
    'date de valeur',
    'fecha valor',
    'data valuta',
    'rentedatum',
  ],
  amount: [
    'betrag',
    'amount',
    'montant',
    'importe',
    'bedrag',
    'importo',
    'umsatz',
    'transaction amount',
    'monto',
    'kwota',
    'castka',
    'summe',
  ],
  debit: [
    'soll',
    'debit',
    'belastung',
    'ausgang',
    'ausgaben',
    'withdrawal',
    'withdrawals',
    'paid out',
    'money out',
    'debit amount',
    'debe',
    'cargo',
    'cargos',
    'af',
    'uitgaven',
    'addebiti',
    'addebito',
    'uscite',
    'obciazenia',
    'lastschrift',
  ],
  credit: [
    'haben',
    'credit',
    'gutschrift',
    'eingang',
    'einnahmen',
    'deposit',
    'deposits',
    'paid in',
    'money in',
    'credit amount',
    'haber',
    'abono',
    'abonos',
    'bij',
    'inkomsten',
    'accrediti',
    'accredito',
    'entrate',
    'uznania',
  ],
  currency: [
    'wahrung',
    'waehrung',
    'currency',
    'devise',
    'moneda',
    'valuta',
    'divisa',
    'ccy',
    'munt',
    'waluta',
    'mena',
  ],
  id: [
    'id',
    'transaction id',
    'reference number',
    'referenz',
    'transaktions id',
    'transaktionsnummer',
    'transaction reference',
    'bank reference',
    'reference id',
    'referencia',
    'riferimento',
    'transactie id',
    'fitid',
    'ref',
  ],
  payee: [
    'empfanger',
    'empfaenger',
    'zahlungsempfanger',
    'zahlungsempfaenger',
    'auftraggeber begunstigter',
    'auftraggeber beguenstigter',
    'beguenstigter',
    'begunstigter',
    'auftraggeber',
    'zahlungspflichtiger',
    'zahlungspflichtige',
    'payee',
    'payee name',
    'name',
    'counterparty',
    'counterparty name',
    'merchant',
    'payer',
    'beneficiaire',
    'beneficiario',
    'ordenante',
    'naam',
    'tegenpartij',
    'controparte',
    'kontrahent',
    'nazwa kontrahenta',
    'nadawca odbiorca',
    'odbiorca',
    'nadawca',
    'protistrana',
  ],
  description: [
    'verwendungszweck',
    'description',
    'memo',
    'libelle',
    'concepto',
    'omschrijving',
    'mededelingen',
    'details',
    'transaction details',
    'narrative',
    'reference',
    'descrizione',
    'causale',
    'descripcion',
    'beschreibung',
    'text',
    'buchungstext',
    'detail',
    'particulars',
    'opis',
    'tytul',
    'popis',
    'avisierungstext',
  ],
  // The running balance after the row (statement balances and a check of each row).
  balance: [
    'saldo',
    'balance',
    'kontostand',
    'running balance',
    'solde',
    'saldo nach buchung',
    'account balance',
    'zustatek',
  ],
};

/**
 * Columns that hold a running balance, a fee or the amount in a foreign currency: never the amount
 * or the currency, whatever their values look like ("Amount (Foreign Currency)", "Saldo in CHF").
 */
export const NOT_THE_AMOUNT = [
  'saldo',
  'balance',
  'kontostand',
  'solde',
  'stand',
  'foreign',
  'original',
  'fee',
  'fees',
];
const MONEY_FIELDS: ReadonlySet<CsvField> = new Set(['amount', 'debit', 'credit', 'currency']);
export const hasWord = (header: string, words: readonly string[]) =>
  words.some((word) => ` ${header} `.includes(` ${word} `));

const ACCENTS = /\p{M}/gu;
const NOT_WORD = /[^a-z0-9]+/g;

/** A header cell as the word lists are written: "Auftraggeber / Begünstigter" → "auftraggeber begunstigter". */
export function normaliseHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(ACCENTS, '')
    .replace(NOT_WORD, ' ')
    .trim();
}

/**
 * How well a normalised header names a field: 0.. for the whole header, 100.. for its first words,
 * 200.. for words inside; null when not at all. An id only by its first words: a "Gläubiger-ID"
 * names the creditor, and taking it as the row's id would make every row from one creditor a duplicate.
 */
export function nameScore(header: string, field: CsvField): number | null {
  if (MONEY_FIELDS.has(field) && hasWord(header, NOT_THE_AMOUNT)) return null;
  let best: number | null = null;
  NAMES[field].forEach((name, rank) => {
    let score: number | null = null;
    if (header === name) score = rank;
    else if (header.startsWith(`${name} `)) score = 100 + rank;
    else if (field !== 'id' && ` ${header} `.includes(` ${name} `)) score = 200 + rank;
    if (score !== null && (best === null || score < best)) best = score;
  });
  return best;
}

/** How many different fields a record's cells name: a header names several, a title line or data none. */
export function headerFieldCount(cells: readonly string[]): number {
  const named = new Set<CsvField>();
  for (const cell of cells) {
    const header = normaliseHeader(cell);
    if (header === '') continue;
    for (const field of CSV_FIELDS) if (nameScore(header, field) !== null) named.add(field);
  }
  if (named.has('debit') && named.has('credit')) named.add('amount');
  return named.size;
}

/**
 * Headers of a column that says whether an unsigned amount is money in or out (ING's "Af Bij");
 * the Volksbanks leave that column's header blank.
 */
export const SIGN_HEADERS: ReadonlySet<string> = new Set([
  'af bij',
  'bij af',
  'soll haben',
  's h',
  'debit credit',
  'credit debit',
  'debit credit indicator',
  'credit debit indicator',
  'cr dr',
  'dr cr',
  'd c',
  'c d',
  'sign',
  'vorzeichen',
  'sens',
  'segno',
]);

/** The marks such a column holds (lower case): money out, money in. */
export const OUT_MARKS: ReadonlySet<string> = new Set(['af', 's', 'soll', 'd', 'dr', 'debit', 'debet', '-']);
export const IN_MARKS: ReadonlySet<string> = new Set(['bij', 'h', 'haben', 'c', 'cr', 'credit', '+']);
