import { cleanText } from '@kassa/contract';
import { XMLParser, XMLValidator, type EntityDecoderOptions, type X2jOptions } from 'fast-xml-parser';
import { unprocessable } from '../../../http/errors.js';
import { isZeroAmount } from './amounts.js';
import { isoDate } from './dates.js';
import type { ParsedAccount } from './types.js';
import { guardXml, MAX_XML_DEPTH } from './xml-guard.js';

// Small helpers shared by the structured bank formats (OFX, QIF, CAMT, MT940): amounts as
// normalised signed decimal text, calendar days, display text, the accounts of several
// statements, and reading XML.

/**
 * How to read a lone comma in an amount that has no other separator: OFX and MT940 banks that
 * write a comma mean the decimal comma ("12,50"); QIF comes from US software, where "1,234" is
 * a thousands group (but "12,50", not three digits after the comma, is still a decimal comma).
 */
export type LoneComma = 'decimal' | 'thousands';

const AMOUNT_CHARS = /^([+-]?)([\d.,]*\d[\d.,]*)$/;
const IGNORED_IN_AMOUNT = /[\s\u00a0\u202f']/g;
/**
 * The whole part: plain digits, or groups cut by one kind of separator, the last group of three
 * digits, those before of two or three (Indian lakh grouping writes 1,23,456).
 */
const THOUSANDS_GROUPS = /^(?:\d*|\d{1,3}(?:(?:,\d{2,3})*,\d{3}|(?:\.\d{2,3})*\.\d{3}))$/;

/**
 * An amount as the file writes it ("-12.50", "+1,234.56", "1.234,56", "12,5") as Kassa's amount
 * text: signed, '.' as decimal point, no thousands separators, no leading zeros, the decimals as
 * given, and never a negative zero. undefined when it is not a number.
 */
export function normaliseAmount(raw: string, loneComma: LoneComma): string | undefined {
  const match = AMOUNT_CHARS.exec(raw.replace(IGNORED_IN_AMOUNT, ''));
  if (match === null) return undefined;
  const sign = match[1] === '-' ? '-' : '';
  const body = match[2] ?? '';
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let decimalAt = -1;
  if (lastDot >= 0 && lastComma >= 0) {
    // Both present: the later one is the decimal point, the other groups thousands.
    decimalAt = Math.max(lastDot, lastComma);
    if (body.indexOf(body.charAt(decimalAt)) !== decimalAt) return undefined;
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const at = Math.max(lastDot, lastComma);
    const single = body.indexOf(separator) === at;
    // Several of one separator can only be thousands groups ("1.234.567").
    const groupOfThree = body.length - at - 1 === 3 && at <= 3;
    if (single && !(separator === ',' && loneComma === 'thousands' && groupOfThree)) decimalAt = at;
  }
  const grouped = decimalAt < 0 ? body : body.slice(0, decimalAt);
  const fraction = decimalAt < 0 ? '' : body.slice(decimalAt + 1);
  if (!THOUSANDS_GROUPS.test(grouped) || !/^\d*$/.test(fraction)) return undefined;
  const whole = grouped.replace(/[.,]/g, '');
  const wholeDigits = whole.replace(/^0+(?=\d)/, '') || '0';
  const text = fraction === '' ? wholeDigits : `${wholeDigits}.${fraction}`;
  return sign === '-' && !isZeroAmount(text) ? `-${text}` : text;
}

/**
 * The day an ISO-like date or date-time states ("2026-11-30", "2026-11-30T23:30:00-08:00"):
 * its own calendar day, never shifted to UTC (see ofx.ts on why). undefined when not a real day.
 */
export function statedIsoDay(text: string): string | undefined {
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})(?:$|[T\sZ+-])/.exec(text);
  if (match === null) return undefined;
  return isoDate(Number(match[1]), Number(match[2]), Number(match[3])) ?? undefined;
}

/**
 * Display text of a file (payee, description, memo, account, id) gets the cleaning of every text
 * an API route stores: one line, control, bidi and invisible characters gone, NFC, every run of
 * white space (line breaks included) one space, trimmed.
 */
export { cleanText } from '@kassa/contract';

/** Shortens what a file held for an error message, so a broken megabyte is not echoed back. */
export function quoted(text: string): string {
  const shown = cleanText(text);
  return JSON.stringify(shown.length > 40 ? `${shown.slice(0, 40)}…` : shown);
}

/** Merges the accounts of a file's statements: one entry per account, in the order first seen. */
export class StatementAccounts {
  private readonly byName = new Map<string, ParsedAccount>();

  /**
   * Adds a statement's account. A file may hold several statements of one account (daily MT940
   * or CAMT statements): the account is listed once, with the closing balance of its latest
   * statement (the later one in the file on the same day) and the opening balance of its
   * earliest (the earlier one in the file on the same day).
   */
  add(account: ParsedAccount): void {
    const known = this.byName.get(account.account);
    if (known === undefined) {
      this.byName.set(account.account, { ...account });
      return;
    }
    if (known.currency === '') known.currency = account.currency;
    if (account.closingBalance !== undefined && (account.closingDate ?? '') >= (known.closingDate ?? '')) {
      known.closingBalance = account.closingBalance;
      if (account.closingDate === undefined) delete known.closingDate;
      else known.closingDate = account.closingDate;
    }
    const { openingBalance, openingDate } = account;
    if (
      openingBalance !== undefined &&
      openingDate !== undefined &&
      (known.openingDate === undefined || openingDate < known.openingDate)
    ) {
      known.openingBalance = openingBalance;
      known.openingDate = openingDate;
    }
  }

  get size(): number {
    return this.byName.size;
  }

  list(): ParsedAccount[] {
    return [...this.byName.values()];
  }
}

// XML (OFX 2.x, OFX 1.x once made XML, CAMT) as fast-xml-parser returns it: a leaf is its text,
// an element with attributes keeps its text under '#text', a repeated element is an array.

export type XmlValue = string | XmlElement | XmlValue[];
export interface XmlElement {
  [name: string]: XmlValue | undefined;
}

/**
 * Parses well-formed XML; throws 422 naming the format and the line of the first fault, and 422
 * for a DOCTYPE, a markup declaration or nesting deeper than MAX_XML_DEPTH (xml-guard.ts),
 * refused before the validator or the parser runs. `alternative` is another reading of the same
 * file (OFX: its body read as SGML), made and tried only when `xml` is not well-formed; when it
 * is not either, the fault named is the one further into the file (the reading that got further
 * is more likely the right one), the first reading's on the same line.
 */
export function readXml(xml: string, format: string, options: X2jOptions, alternative?: () => string): XmlElement {
  guardXml(xml, format);
  let fault = xmlFault(xml);
  if (fault === null) return parseXml(xml, format, options);
  if (alternative !== undefined) {
    const other = alternative();
    guardXml(other, format);
    const otherFault = xmlFault(other);
    if (otherFault === null) return parseXml(other, format, options);
    if (otherFault.line > fault.line) fault = otherFault;
  }
  throw unprocessable(`${format}: the XML is not well-formed (line ${fault.line}: ${fault.msg})`);
}

/** Where XML is not well-formed, null when it is. */
function xmlFault(xml: string): { line: number; msg: string } | null {
  // The parser alone reads broken XML without a word (a missing closing tag just ends the
  // element), which would import half a statement; the validator finds the fault and its line.
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- still shipped; its successor is another package
  const verdict = XMLValidator.validate(xml);
  return verdict === true ? null : verdict.err;
}

/** Parses XML the guard and the validator have passed. */
function parseXml(xml: string, format: string, options: X2jOptions): XmlElement {
  let tree: unknown;
  try {
    // The guard has kept out what the parser's own limits would throw on; its nesting limit is
    // set to the guard's all the same, and the entity decoder below expands no declared entity.
    tree = new XMLParser({ ...options, entityDecoder, maxNestedTags: MAX_XML_DEPTH }).parse(xml);
  } catch (error) {
    // Whatever else the parser refuses is the file's fault, not the server's: 422, not 500.
    const reason = error instanceof Error ? error.message : String(error);
    throw unprocessable(`${format}: the XML cannot be read (${reason})`);
  }
  return isElement(tree) ? tree : {};
}

const NAMED_ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  // Not XML, but OFX 1.x is SGML, where banks write it.
  ['nbsp', ' '],
]);

/**
 * Decodes the XML entities (and &nbsp;) and character references (&#228; &#xE4;) in one pass;
 * any other name stays as written. Only these are known: no entity a DOCTYPE declares is ever
 * expanded, by the parser or by a reader that decodes a value again (OFX, see ofx.ts).
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d{1,7})|#x([\da-fA-F]{1,6})|([A-Za-z]+));/g,
    (whole, dec?: string, hex?: string, name?: string) => {
      if (name !== undefined) return NAMED_ENTITIES.get(name) ?? whole;
      const code = dec === undefined ? parseInt(hex ?? '', 16) : Number(dec);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

/**
 * The parser's entity decoder: decodeEntities. The parser's own leaves character references as
 * they are unless told to read HTML; this one also never takes in the entities a DOCTYPE
 * declares (addInputEntities and setExternalEntities keep nothing), so even a declaration past
 * the guard could not be expanded.
 */
const entityDecoder: EntityDecoderOptions = {
  setExternalEntities: () => undefined,
  addInputEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
  decode: decodeEntities,
};

export function isElement(value: unknown): value is XmlElement {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every value at the path below `node`; repeated elements on the way are all followed. */
export function allAt(node: XmlValue | undefined, ...path: string[]): XmlValue[] {
  let level: XmlValue[] = node === undefined ? [] : [node];
  for (const name of path) {
    const next: XmlValue[] = [];
    for (const value of level) {
      if (!isElement(value)) continue;
      const found = value[name];
      if (Array.isArray(found)) next.push(...found);
      else if (found !== undefined) next.push(found);
    }
    level = next;
  }
  return level;
}

/** The elements at the path (leaves left out). */
export function elementsAt(node: XmlValue | undefined, ...path: string[]): XmlElement[] {
  return allAt(node, ...path).filter(isElement);
}

/** The first element at the path, undefined when there is none. */
export function elementAt(node: XmlValue | undefined, ...path: string[]): XmlElement | undefined {
  return elementsAt(node, ...path)[0];
}

/** The text of a leaf (or of an element with attributes), '' for an element with children or nothing. */
export function textOfValue(value: XmlValue | undefined): string {
  if (typeof value === 'string') return value;
  if (isElement(value)) {
    const text = value['#text'];
    return typeof text === 'string' ? text : '';
  }
  return '';
}

/** The text of the first value at the path, '' when there is none. */
export function textAt(node: XmlValue | undefined, ...path: string[]): string {
  return textOfValue(allAt(node, ...path)[0]);
}
