import type { ImportFormat } from '@kassa/contract';
import { detectLayout, scanHead } from './csv-dialect.js';

// Which format a file is in, from its content alone (file names and MIME types lie). Only the
// start of the file is looked at.

/** Signatures sit in the first lines; 64 Ki characters hold an OFX header or an XML root many times over. */
const SIGNATURE_CHARS = 64 * 1024;

const CAMT_NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:camt\.05([23])\.001\.\d{2}/;
const CAMT_052_ROOT = /<(?:[\w.-]+:)?BkToCstmrAcctRpt[\s>]/;
const CAMT_053_ROOT = /<(?:[\w.-]+:)?BkToCstmrStmt[\s>]/;
const OFX_SGML_HEADER = /^\s*OFXHEADER\s*:\s*\d+/m;
const OFX_XML = /<\?OFX[\s?]|<OFX>/i;
// MT940: the tags stand at the start of a line; block 4 of a SWIFT envelope may open on the same line.
const MT940_REFERENCE = /(?:^|\{4:)\s*:20:/m;
const MT940_OPENING = /^:60[FM]:/m;
const MT940_BODY = /^:(?:61|62[FM]):/m;
const QIF_HEADER = /^\s*!(?:Type:|Account\b|Option:|Clear:)/im;

// Files people mistake for statements: PDF, ZIP (also XLSX, ODS), old Excel (OLE), images, gzip.
const BINARY_MAGIC: readonly (readonly number[])[] = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x50, 0x4b, 0x03, 0x04], // PK\3\4
  [0x50, 0x4b, 0x05, 0x06], // empty ZIP
  [0xd0, 0xcf, 0x11, 0xe0], // OLE compound file (.xls, .doc)
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x1f, 0x8b], // gzip
];

/** Whether the bytes start like a binary file format (PDF, ZIP/XLSX, XLS, images, gzip). */
export function hasBinarySignature(bytes: Uint8Array): boolean {
  return BINARY_MAGIC.some((magic) => magic.every((byte, i) => bytes[i] === byte));
}

/** Whether decoded text holds NUL characters: binary content, since UTF-16 has been decoded by now. */
export function hasNulCharacters(text: string): boolean {
  return text.slice(0, SIGNATURE_CHARS).includes('\u0000');
}

/** A CAMT.052 account report rather than a .053 statement (read alike, reported apart). */
export function isCamt052(text: string): boolean {
  const head = text.slice(0, SIGNATURE_CHARS);
  const namespace = CAMT_NAMESPACE.exec(head);
  if (namespace !== null) return namespace[1] === '2';
  return CAMT_052_ROOT.test(head);
}

function xmlFormat(head: string): ImportFormat | null {
  if (CAMT_NAMESPACE.test(head) || CAMT_052_ROOT.test(head) || CAMT_053_ROOT.test(head)) {
    return isCamt052(head) ? 'camt052' : 'camt053';
  }
  if (OFX_XML.test(head)) return 'ofx';
  return null;
}

/** The format of a file's text, or null when it is none Kassa reads. */
export function detectFormat(text: string): ImportFormat | null {
  const head = text.slice(0, SIGNATURE_CHARS);
  const xml = xmlFormat(head);
  if (xml !== null) return xml;
  if (OFX_SGML_HEADER.test(head)) return 'ofx';
  if (MT940_REFERENCE.test(head) && MT940_OPENING.test(head) && MT940_BODY.test(head)) return 'mt940';
  if (QIF_HEADER.test(head)) return 'qif';
  // Other XML (a CAMT.054, a SEPA payment file …) and JSON are no tables, whatever their lines look like.
  const first = head.trimStart().charAt(0);
  if (first === '<' || first === '{' || first === '[') return null;
  return detectLayout(scanHead(text).records) === null ? null : 'csv';
}

const FORMAT_NAMES: Record<ImportFormat, string> = {
  csv: 'CSV',
  ofx: 'OFX',
  qif: 'QIF',
  camt052: 'CAMT.052',
  camt053: 'CAMT.053',
  mt940: 'MT940',
};

/** The format's name as people know it ("CAMT.053"). */
export const formatName = (format: ImportFormat) => FORMAT_NAMES[format];
