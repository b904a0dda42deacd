import pg from 'pg';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Parses an int8 text into a number, refusing values a double cannot hold exactly. */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value ${text} exceeds the safe integer range`);
  return value;
}

/**
 * The one place where database results are normalised. pg returns int8 (bigint columns,
 * count(*), sum of integers) and numeric as strings; SQLite returns numbers. We make int8 a
 * number (our bigint columns hold minor units and epoch milliseconds, both far below 2^53)
 * and keep numeric as an exact decimal string, so both dialects hand repositories the same
 * JavaScript types.
 */
// pg types getTypeParser with overloads per type id; we only need the plain form.
type Parser = (value: string) => unknown;
const builtinParser = pg.types.getTypeParser as (oid: number, format: 'text' | 'binary') => Parser;

function getTypeParser(oid: number, format: 'text' | 'binary' = 'text'): Parser {
  if (oid === INT8_OID) return parseInt8;
  if (oid === NUMERIC_OID) return (text) => text;
  return builtinParser(oid, format);
}

export const pgTypes: pg.CustomTypesConfig = { getTypeParser };
