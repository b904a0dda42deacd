import { MAX_IMPORT_ROWS, type ImportFormat } from '@kassa/contract';
import { unprocessable, unsupportedMediaType } from '../../../http/errors.js';
import { tooManyRows } from './row-limit.js';
import { parseCamt } from './camt.js';
import { readCsv } from './csv.js';
import { decode } from './decode.js';
import { detectFormat, formatName, hasBinarySignature, hasNulCharacters } from './detect.js';
import { parseMt940 } from './mt940.js';
import { parseOfx } from './ofx.js';
import { parseQif } from './qif.js';
import type { ParsedFile, ParsedStatement, ParseRequest } from './types.js';

export const NOT_A_FORMAT = 'The file is not a format Kassa reads: CSV, OFX/QFX, QIF, CAMT.052/.053 or MT940';

const NOT_BLANK = /\S/;

/** The given format, unless the content is plainly another one (CAMT.052 and .053 are read alike). */
function givenFormat(given: ImportFormat, detected: ImportFormat | null): ImportFormat {
  const camt = (format: ImportFormat | null) => format === 'camt052' || format === 'camt053';
  if (detected === null || detected === given || (camt(given) && camt(detected))) return given;
  throw unprocessable(`The file is not ${formatName(given)}: it looks like ${formatName(detected)}`);
}

function readStatement(format: Exclude<ImportFormat, 'csv'>, text: string): ParsedStatement {
  switch (format) {
    case 'ofx':
      return parseOfx(text);
    case 'qif':
      return parseQif(text);
    case 'camt052':
    case 'camt053':
      return parseCamt(text);
    case 'mt940':
      return parseMt940(text);
  }
}

/**
 * Reads an uploaded file: decodes it (encoding detected or given), detects its format (or takes
 * the given one) and reads it into statement accounts and rows. Throws an AppError: 415
 * (unsupported_media_type) for content that is no format Kassa reads, 422 for a known format whose
 * content cannot be read, 400 for options that do not fit the file (a mapped column it lacks),
 * 413 for a file of more than `maxRows` rows.
 */
export function parseFile(bytes: Uint8Array, request: ParseRequest, maxRows = MAX_IMPORT_ROWS): ParsedFile {
  const file = readFile(bytes, request, maxRows);
  if (file.rows.length > maxRows) throw tooManyRows(file.rows.length, maxRows);
  return file;
}

function readFile(bytes: Uint8Array, request: ParseRequest, maxRows: number): ParsedFile {
  if (bytes.length === 0) throw unprocessable('The file is empty');
  if (hasBinarySignature(bytes)) throw unsupportedMediaType(NOT_A_FORMAT);
  const { text, encoding } = decode(bytes, request.encoding ?? request.csv?.encoding);
  if (!NOT_BLANK.test(text)) throw unprocessable('The file is empty');
  if (hasNulCharacters(text)) throw unsupportedMediaType(NOT_A_FORMAT);

  const detected = detectFormat(text);
  const format =
    request.format !== undefined && request.format !== 'auto' ? givenFormat(request.format, detected) : detected;
  if (format === null) throw unsupportedMediaType(NOT_A_FORMAT);
  if (format === 'csv') {
    const { csv, table, ...statement } = readCsv(text, request.csv ?? {}, encoding, maxRows);
    return { ...statement, format, encoding, csv, table };
  }
  return { ...readStatement(format, text), format, encoding };
}
