import { unprocessable } from '../../../http/errors.js';
import { balanceBefore, earliestDay, openingDay } from './balances.js';
import { isoDate } from './dates.js';
import {
  StatementAccounts,
  cleanText,
  decodeEntities,
  elementsAt,
  isElement,
  normaliseAmount,
  quoted,
  readXml,
  textAt,
  type XmlElement,
  type XmlValue,
} from './statement-values.js';
import type { ParsedAccount, ParsedRow, ParsedStatement } from './types.js';
import { refuseDeclarations } from './xml-guard.js';

// OFX / QFX (Open Financial Exchange): 1.x is SGML with unclosed leaf elements, 2.x is XML. Both
// are read by one mapping over the XML tree; 1.x is first made XML (sgmlToXml).

/** The statement aggregates read, with the aggregate naming their account. */
const STATEMENTS = { STMTRS: 'BANKACCTFROM', CCSTMTRS: 'CCACCTFROM' } as const;
type StatementTag = keyof typeof STATEMENTS;

const REPEATED = new Set(['STMTTRNRS', 'CCSTMTTRNRS', 'STMTRS', 'CCSTMTRS', 'STMTTRN']);

const PARSER_OPTIONS = {
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name: string) => REPEATED.has(name),
};

/** Reads an OFX 1.x (SGML) or 2.x (XML) bank or credit card statement file. */
export function parseOfx(text: string): ParsedStatement {
  // The whole file, header included: the XML read below starts at <OFX>, and a 1.x body is SGML,
  // where sgmlToXml would turn a declaration into text. Neither belongs in a statement.
  refuseDeclarations(text, 'OFX');
  const start = /<OFX\s*>/i.exec(text);
  if (start === null) throw unprocessable('OFX: no <OFX> element found');
  const tree = readOfxTree(text.slice(0, start.index), text.slice(start.index));

  const statements: { tag: StatementTag; element: XmlElement }[] = [];
  collectStatements(tree, statements);
  if (statements.length === 0) throw unprocessable('OFX: no statement (STMTRS or CCSTMTRS) found');

  const accounts = new StatementAccounts();
  const rows: ParsedRow[] = [];
  for (const { tag, element } of statements) {
    const account = valueAt(element, STATEMENTS[tag], 'ACCTID');
    const currency = valueAt(element, 'CURDEF').toUpperCase();
    // A 1.x file that forgot </BANKTRANLIST> has it read as an empty leaf (see sgmlToXml) and
    // its transactions land right in the statement: they are read there too.
    const transactions = [...elementsAt(element, 'BANKTRANLIST', 'STMTTRN'), ...elementsAt(element, 'STMTTRN')];
    const statementRows = transactions.map((transaction, index) =>
      readTransaction(transaction, rows.length + index + 1, account, currency),
    );
    rows.push(...statementRows);
    accounts.add({ account, currency, ...statementBalances(element, currency, statementRows) });
  }
  return { accounts: accounts.list(), rows };
}

/**
 * The body as XML. 1.x announces itself with colon header lines (OFXHEADER:100) and is SGML; 2.x
 * with <?xml?> and <?OFX?>, but banks also put that header over an SGML body with unclosed
 * leaves: a body under an XML header that is not well-formed is read as SGML before it is refused.
 */
function readOfxTree(header: string, body: string): XmlElement {
  // The header gives way to as many empty lines, so the XML's line numbers are the file's.
  const lines = '\n'.repeat(countLines(header));
  const asSgml = () => lines + sgmlToXml(body);
  if (!header.includes('<?') && /OFXHEADER\s*:/i.test(header)) return readXml(asSgml(), 'OFX', PARSER_OPTIONS);
  return readXml(lines + body, 'OFX', PARSER_OPTIONS, asSgml);
}

/**
 * The statement's closing balance (LEDGERBAL) and its opening balance: OFX states none, so it is
 * the closing less the statement's rows (all in its currency and readable, else none), on the
 * first row's day, or DTSTART's for a statement without rows.
 */
function statementBalances(element: XmlElement, currency: string, rows: readonly ParsedRow[]): Partial<ParsedAccount> {
  const closingBalance = normaliseAmount(textAt(element, 'LEDGERBAL', 'BALAMT'), 'decimal');
  if (closingBalance === undefined) return {};
  const closingDate = ofxDay(textAt(element, 'LEDGERBAL', 'DTASOF'));
  const closing = closingDate === undefined ? { closingBalance } : { closingBalance, closingDate };
  const openingBalance = rows.every((row) => row.currency === currency)
    ? balanceBefore(
        closingBalance,
        rows.map((row) => row.amount),
      )
    : undefined;
  const start =
    earliestDay(rows.map((row) => row.date)) ??
    ofxDay(textAt(element, 'BANKTRANLIST', 'DTSTART') || textAt(element, 'DTSTART'));
  if (openingBalance === undefined || start === undefined) return closing;
  return { ...closing, openingBalance, openingDate: openingDay(start, 'start', undefined, closingDate) };
}

/** One STMTTRN; `line` is its position in the file, counted across statements. */
function readTransaction(transaction: XmlElement, line: number, account: string, statementCurrency: string): ParsedRow {
  const problems: string[] = [];
  const postedText = textAt(transaction, 'DTPOSTED');
  const date = ofxDay(postedText);
  if (date === undefined) {
    problems.push(postedText.trim() === '' ? 'DTPOSTED: missing' : `DTPOSTED: ${quoted(postedText)} is not a date`);
  }
  const amountText = textAt(transaction, 'TRNAMT');
  const amount = normaliseAmount(amountText, 'decimal');
  if (amount === undefined) {
    problems.push(amountText.trim() === '' ? 'TRNAMT: missing' : `TRNAMT: ${quoted(amountText)} is not a number`);
  }
  const payee = valueAt(transaction, 'NAME') || valueAt(transaction, 'PAYEE', 'NAME');
  const fitId = valueAt(transaction, 'FITID');
  // CURRENCY says TRNAMT is in another currency than CURDEF. ORIGCURRENCY says TRNAMT was
  // converted from that currency into CURDEF (OFX 2.1.1 §5.2), so TRNAMT is in CURDEF then.
  const currency = valueAt(transaction, 'CURRENCY', 'CURSYM').toUpperCase() || statementCurrency;
  const row: ParsedRow = {
    line,
    date: date ?? '',
    amount: amount ?? '',
    currency,
    description: valueAt(transaction, 'MEMO') || payee,
    payee,
    externalId: fitId === '' ? null : fitId,
    account,
  };
  if (problems.length > 0) row.error = `transaction ${line}, ${problems.join('; ')}`;
  return row;
}

/**
 * A text value, its entities decoded once more: banks escape their values before writing them as
 * XML or SGML, so the parser's decoding leaves "TPAY &lt;DEFTPYMT&gt;" of "TPAY &amp;lt;…".
 * Only the standard entities and character references are known (decodeEntities).
 */
function valueAt(node: XmlValue | undefined, ...path: string[]): string {
  return cleanText(decodeEntities(textAt(node, ...path)));
}

/** The statements in document order; the message set wrappers (…MSGSRSV1, …TRNRS) are walked through. */
function collectStatements(node: XmlValue, out: { tag: StatementTag; element: XmlElement }[]): void {
  if (Array.isArray(node)) {
    for (const item of node) collectStatements(item, out);
    return;
  }
  if (!isElement(node)) return;
  for (const [name, value] of Object.entries(node)) {
    if (value === undefined) continue;
    if (name === 'STMTRS' || name === 'CCSTMTRS') {
      for (const element of elementsAt(node, name)) out.push({ tag: name, element });
    } else if (name !== 'BANKTRANLIST') {
      collectStatements(value, out);
    }
  }
}

/**
 * The booking day of an OFX date-time, YYYYMMDD[HHMMSS[.XXX]][[±h[.mm]:TZ]]: the calendar day the
 * file states, in the file's own zone. A bank books a row on its local day; converting
 * 20261130233000.000[-8:PST] to UTC would move a 30 November payment to 1 December, so the time
 * and zone are ignored on purpose.
 */
function ofxDay(text: string): string | undefined {
  const match = /^\s*(\d{4})(\d{2})(\d{2})(?:\d|\[|\.|\s|$)/.exec(text);
  if (match === null) return undefined;
  return isoDate(Number(match[1]), Number(match[2]), Number(match[3])) ?? undefined;
}

function countLines(text: string): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}

const TAG = /<(\/?)([A-Za-z][\w.]*)\s*>/g;
const CLOSING_TAG = /<\/([A-Za-z][\w.]*)\s*>/g;

/** The tag after a run of text; undefined at the end of the file. */
type NextTag = { closing: boolean; name: string } | undefined;

/**
 * OFX 1.x is SGML: aggregates are closed (</STMTTRN>) but leaf elements usually are not
 * (<TRNAMT>-12.50). This makes it XML so that one mapping reads both versions:
 * - a tag followed by text up to the next '<' is a leaf: its closing tag goes right after the
 *   text (before any line break, so the XML keeps the file's line numbers for error messages);
 * - a tag followed directly by another tag is an aggregate, unless it is an empty leaf (a bare
 *   <MEMO>), which is closed at once: its name is closed nowhere in the file, or the next tag
 *   closes another element (<MEMO></STMTTRN>), which an aggregate just opened could not;
 * - leaves the bank did close (<NAME>x</NAME>) stay as they are.
 * Tag names are upper-cased (SGML names are case-blind); a bare '&' or '<' in text is escaped.
 * Built as a list of parts joined once, so a large file costs linear time.
 */
export function sgmlToXml(sgml: string): string {
  const closedNames = new Set<string>();
  for (const match of sgml.matchAll(CLOSING_TAG)) closedNames.add((match[1] ?? '').toUpperCase());
  const isEmptyLeaf = (name: string, next: NextTag) =>
    !closedNames.has(name) || (next?.closing === true && next.name !== name);

  const parts: string[] = [];
  // The last tag when it opened an element and nothing but the text before the next tag followed.
  let open: string | undefined;
  let at = 0;
  const emitText = (text: string, next: NextTag) => {
    if (open === undefined || (next?.closing === true && next.name === open)) {
      parts.push(escapeText(text));
      return;
    }
    const value = text.trimEnd();
    if (value.trim() !== '') {
      parts.push(escapeText(value), `</${open}>`, text.slice(value.length));
    } else if (isEmptyLeaf(open, next)) {
      parts.push(`</${open}>`, text);
    } else {
      parts.push(text);
    }
  };
  for (const match of sgml.matchAll(TAG)) {
    const closing = match[1] === '/';
    const name = (match[2] ?? '').toUpperCase();
    emitText(sgml.slice(at, match.index), { closing, name });
    parts.push(closing ? `</${name}>` : `<${name}>`);
    open = closing ? undefined : name;
    at = match.index + match[0].length;
  }
  emitText(sgml.slice(at), undefined);
  return parts.join('');
}

/** Escapes what XML does not allow bare in text; entities the bank wrote (&amp; &lt; &#233;) stay. */
function escapeText(text: string): string {
  return text.replace(/&(?!(?:[A-Za-z][\w.]*|#\d+|#x[\da-fA-F]+);)/g, '&amp;').replace(/</g, '&lt;');
}
