// The one cleaning every stored text goes through, whichever route, import or restore brings it:
// the zod text schemas (common.ts: nameSchema, descriptionSchema, lineSchema) for API payloads and
// backups, and the server's file readers for imported payees, descriptions and ids. Bad text is
// cleaned, never refused; a required field left empty gets the schema's "is required".
//
// What goes (docs/DECISIONS.md, "Text cleaning"):
// - C0 and C1 control characters and DEL: invisible, they break exports, and PostgreSQL cannot
//   store NUL. Tab, line feed and the other line breaks become a space in one-line text; in
//   several-line text line breaks become \n.
// - Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder
//   what is shown ("Trojan Source"), so "txt.exe" can show as "exe.txt".
// - Invisible characters no script needs: zero-width space (U+200B), soft hyphen (U+00AD), word
//   joiner and invisible operators (U+2060–U+2064), deprecated format characters (U+206A–U+206F),
//   the byte order mark (U+FEFF) and interlinear annotation marks (U+FFF9–U+FFFB). Two names that
//   look the same are then the same.
// - Lone surrogates become U+FFFD: they are no text, and SQLite and PostgreSQL store them apart.
// What stays: zero-width joiner and non-joiner (U+200C, U+200D: Persian, Indic scripts and emoji
// sequences need them), the direction marks LRM, RLM and ALM (U+200E, U+200F, U+061C: they set the
// direction of neutral characters beside them and cannot reverse a run), variation selectors,
// and tag characters (the flags of England, Scotland and Wales are made of them).
// Then the text is put in Unicode NFC, so "é" typed as e + U+0301 and as U+00E9 is one text, and
// white space is tidied: one-line text has each run of white space made one space and is trimmed.

/** One line (names, payees, search words) or several (descriptions, which keep their line breaks). */
export type TextLines = 'line' | 'lines';

/** A surrogate pair, or a surrogate alone (no lookbehind: older Safari cannot parse one). */
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;
const keepPairs = (match: string) => (match.length === 2 ? match : '\uFFFD');
/** Line breaks: CR LF, LF, VT, FF, CR, NEL, line and paragraph separators. */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;
const TAB = /\t/g;
const REMOVED =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u00AD\u200B\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/g;
const SPACE_RUN = /\s+/g;
/** White space but line feeds, once line breaks are \n. */
const SPACE_RUN_IN_LINE = /[^\S\n]+/g;
const SPACE_AROUND_BREAK = / ?\n ?/g;
/** More than one empty line in a row. */
const EMPTY_LINES = /\n{3,}/g;
/**
 * Text with nothing to clean: printable ASCII, no double, leading or trailing space. Most of a
 * million-row file is this, and costs one test.
 */
const CLEAN_ASCII = /^(?:[!-~]+(?: [!-~]+)*)?$/;

/**
 * Cleans text as described above. `'line'` (the default) makes it one line; `'lines'` keeps line
 * breaks as \n, tidies each line alike and keeps at most one empty line between paragraphs.
 * Idempotent: cleaning clean text changes nothing.
 */
export function cleanText(text: string, lines: TextLines = 'line'): string {
  if (CLEAN_ASCII.test(text)) return text;
  const wellFormed = text.replace(SURROGATES, keepPairs);
  if (lines === 'line') {
    return wellFormed.replace(LINE_BREAK, ' ').replace(REMOVED, '').normalize('NFC').replace(SPACE_RUN, ' ').trim();
  }
  return wellFormed
    .replace(LINE_BREAK, '\n')
    .replace(TAB, ' ')
    .replace(REMOVED, '')
    .normalize('NFC')
    .replace(SPACE_RUN_IN_LINE, ' ')
    .replace(SPACE_AROUND_BREAK, '\n')
    .replace(EMPTY_LINES, '\n\n')
    .trim();
}
