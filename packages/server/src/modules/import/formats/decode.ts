import type { ImportEncoding } from '@kassa/contract';
import { analyse } from 'chardet';
import iconv from 'iconv-lite';

// Bytes of an uploaded file into text. Order: a BOM, UTF-16 by its zero bytes, strict UTF-8, then
// chardet's guess among the encodings Kassa offers. Banks' exports are UTF-8 or a Windows code page.

export interface DecodedText {
  /** The text without a BOM. */
  text: string;
  encoding: ImportEncoding;
}

/** chardet looks at this much; a bank file's first 64 KiB say enough about its code page. */
const SAMPLE_BYTES = 64 * 1024;

function bomEncoding(bytes: Uint8Array): ImportEncoding | null {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return 'utf-8';
  if (a === 0xff && b === 0xfe) return 'utf-16le';
  if (a === 0xfe && b === 0xff) return 'utf-16be';
  return null;
}

/**
 * UTF-16 without a BOM: text of Latin letters has a zero byte in every other position. Checked
 * before UTF-8, which such bytes would also pass (NUL is valid UTF-8).
 */
function utf16ByZeros(bytes: Uint8Array): ImportEncoding | null {
  const pairs = Math.min(bytes.length, 4096) >> 1;
  if (pairs < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) evenZeros++;
    if (bytes[2 * i + 1] === 0) oddZeros++;
  }
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/** Bytes 0x80–0x9F are C1 controls in ISO-8859-x but €, „, “, ” … in Windows-1252: a sure sign of it. */
function hasC1Bytes(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte >= 0x80 && byte <= 0x9f) return true;
  return false;
}

/** chardet's best guess mapped onto the encodings Kassa offers (contract importEncodings). */
function guessEncoding(bytes: Uint8Array): ImportEncoding {
  for (const match of analyse(bytes.subarray(0, SAMPLE_BYTES))) {
    switch (match.name) {
      case 'UTF-8':
        return 'utf-8';
      case 'UTF-16LE':
        return 'utf-16le';
      case 'UTF-16BE':
        return 'utf-16be';
      case 'ISO-8859-2':
      case 'windows-1250':
        // Central European; Windows-1250 is not offered and ISO-8859-2 is its nearest.
        return 'iso-8859-2';
      case 'ISO-8859-1':
        // The whole file: a single € far down must not become a control character.
        return hasC1Bytes(bytes) ? 'windows-1252' : 'iso-8859-1';
      case 'windows-1252':
        return 'windows-1252';
      default:
        break;
    }
  }
  // Any other single-byte guess (Turkish, Baltic …): Windows-1252 reads the most of it right.
  return 'windows-1252';
}

/** Strict UTF-8: the text, or null at the first byte sequence that is not UTF-8. */
function utf8Text(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The file's text and the encoding it was read in: the given one, or detected. A BOM is stripped
 * either way.
 */
export function decode(bytes: Uint8Array, encoding?: ImportEncoding): DecodedText {
  const detected = encoding ?? bomEncoding(bytes) ?? utf16ByZeros(bytes);
  if (detected === null || detected === 'utf-8') {
    // TextDecoder drops a UTF-8 BOM itself; a valid file needs no second pass.
    const text = utf8Text(bytes);
    if (text !== null) return { text, encoding: 'utf-8' };
  }
  const chosen = detected ?? guessEncoding(bytes);
  let text = iconv.decode(bytes, chosen);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text, encoding: chosen };
}
