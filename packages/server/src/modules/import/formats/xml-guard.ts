import { unprocessable } from '../../../http/errors.js';

// Checks run on an XML file (CAMT, OFX 2.x, OFX 1.x once made XML) before any XML parser sees it,
// each a single linear pass. A bank statement never declares a DOCTYPE or entities, and nests a
// dozen levels deep; a file that does either is hostile or broken, and is refused with a 422
// naming what it does, rather than left to the parser, whose own errors (external entities,
// nesting limits) would surface as a 500.

/**
 * The deepest nesting read. CAMT's deepest path (Document/BkToCstmrStmt/Stmt/Ntry/NtryDtls/
 * TxDtls/RltdPties/Cdtr/Pty/PstlAdr/AdrLine) is 11 levels, OFX's fewer; a bank that wraps the
 * document in an envelope adds a few. Far below what would strain the validator or the parser.
 */
export const MAX_XML_DEPTH = 64;

/**
 * A DOCTYPE, wherever it stands. Matched case-blind and anywhere (in a comment too): no statement
 * holds the text, and a parser that is lenient about case or position must never meet one.
 */
const DOCTYPE = /<!\s*DOCTYPE/i;
/** The other markup declarations, which belong in a DOCTYPE's internal subset. */
const DECLARATION = /<!\s*(ENTITY|ELEMENT|ATTLIST|NOTATION)\b/i;

/**
 * Refuses a file that declares a DOCTYPE or any markup declaration (an entity: internal, external
 * through file: or http:, or a parameter entity). Entities come only from such declarations, so
 * none is ever expanded, read or fetched.
 */
export function refuseDeclarations(text: string, format: string): void {
  if (DOCTYPE.test(text)) {
    throw unprocessable(
      `${format}: the file declares a DOCTYPE; bank statements never do, and Kassa does not read one`,
    );
  }
  const declaration = DECLARATION.exec(text);
  if (declaration !== null) {
    const kind = (declaration[1] ?? '').toUpperCase();
    throw unprocessable(
      `${format}: the file declares <!${kind}>; bank statements never do, and Kassa does not read declarations`,
    );
  }
}

/** Refuses XML that nests elements deeper than MAX_XML_DEPTH. */
export function refuseDeepNesting(xml: string, format: string): void {
  if (nestsDeeperThan(xml, MAX_XML_DEPTH)) {
    throw unprocessable(
      `${format}: the XML nests deeper than ${MAX_XML_DEPTH} levels; a bank statement needs a dozen at most`,
    );
  }
}

/** Both checks, as the XML reader runs them before validating and parsing. */
export function guardXml(xml: string, format: string): void {
  refuseDeclarations(xml, format);
  refuseDeepNesting(xml, format);
}

const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const GREATER = 0x3e;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/** The index after `terminator`, searched from `from`; -1 when it never comes. */
function after(xml: string, terminator: string, from: number): number {
  const at = xml.indexOf(terminator, from);
  return at < 0 ? -1 : at + terminator.length;
}

/** The index after a tag's '>', from inside the tag; a '>' in a quoted attribute value is no end. -1 when unclosed. */
function tagEnd(xml: string, from: number): number {
  let quote = 0;
  for (let i = from; i < xml.length; i += 1) {
    const c = xml.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      quote = c;
    } else if (c === GREATER) {
      return i + 1;
    }
  }
  return -1;
}

/**
 * Whether the elements nest deeper than `limit`: opening tags counted up, closing tags down, empty
 * elements (<a/>) not at all; comments, CDATA sections and processing instructions skipped, so a
 * '<' inside them counts for nothing. Each character is looked at once or, inside a tag, twice at
 * most. Stops at the first construct left open: the validator then names that fault.
 */
function nestsDeeperThan(xml: string, limit: number): boolean {
  let depth = 0;
  let at = xml.indexOf('<');
  while (at >= 0) {
    const next = xml.charCodeAt(at + 1);
    let end: number;
    if (next === BANG) {
      if (xml.startsWith('<!--', at)) end = after(xml, '-->', at + 4);
      else if (xml.startsWith('<![CDATA[', at)) end = after(xml, ']]>', at + 9);
      else end = tagEnd(xml, at + 2);
    } else if (next === QUESTION) {
      end = after(xml, '?>', at + 2);
    } else if (next === SLASH) {
      depth -= 1;
      end = tagEnd(xml, at + 2);
    } else {
      end = tagEnd(xml, at + 1);
      if (end >= 0 && xml.charCodeAt(end - 2) !== SLASH) {
        depth += 1;
        if (depth > limit) return true;
      }
    }
    if (end < 0) return false;
    at = xml.indexOf('<', end);
  }
  return false;
}
