import { numberMarks, type NumberFormat } from './display-format.js';

/**
 * Typed amounts in the user's own notation (issue 22): "12,50", "1 234,50", "1.234,50" and
 * "1,234.50" all mean what they say, and a thousands separator is never read as a decimal one.
 *
 * The rule, per term of a +/- expression:
 * - with both "." and ",", the one written last is the decimal mark; it appears once, and the
 *   other one only groups thousands before it;
 * - a mark that appears more than once only groups thousands ("1,234,567", "1.234.567");
 * - a single "." is the decimal mark (the product's own notation, spec §9);
 * - a single "," is the decimal mark, except before exactly three digits after a whole part that
 *   does not start with 0 ("1,234"): that could be either, so it is refused as ambiguous;
 * - spaces (also no-break and narrow no-break) group thousands, and then a single "." or "," is
 *   the decimal mark;
 * - thousands groups must be well formed: 1 to 3 digits, then groups of exactly 3.
 * The result is the same expression in the product's notation ("12.50+3"), which
 * `parseAmount` then evaluates exactly; text that is not made of digits and marks is returned
 * unchanged for `parseAmount` to refuse with its own message.
 *
 * With the person's number format (issue 36) the format settles what those rules leave open, a
 * single mark before exactly three digits ("1,234", "1.234"): the format's thousands separator
 * groups (1234: "1,234" with comma_dot, "1.234" with dot_comma) and its decimal mark is decimal
 * ("1,234" is 1.234 with dot_comma and space_comma); a "," that is neither stays ambiguous. A mark
 * that can only be a decimal mark is read as one in every format ("12,50" is 12.50 with comma_dot
 * too: nobody writes 1250 so). With apostrophe_dot, apostrophes group like spaces ("1'234.50").
 * Without a format, or with the default space_dot, the rules above are unchanged.
 */
export type AmountTextResult = { ok: true; text: string } | { ok: false; message: string };

const SPACES = /[\s\u00a0\u202f]+/g;
const TERM_CHARS = /^[0-9.,\s\u00a0\u202f]+$/;
/** The Swiss thousands separator, typed straight or curly. */
const APOSTROPHES = /['\u2019]/g;

const groupsOk = (groups: string[]): boolean =>
  groups.length > 0 && /^[0-9]{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((g) => /^[0-9]{3}$/.test(g));

type TermResult = { ok: true; text: string } | { ok: false };

/**
 * A single mark before exactly three digits ("1,234"): grouping or decimal as the number format
 * says, else a "." is decimal and a "," ambiguous.
 */
function singleMarkBeforeThree(mark: string, format: NumberFormat | undefined): 'group' | 'decimal' | 'ambiguous' {
  const marks = format === undefined ? undefined : numberMarks(format);
  if (marks?.group === mark) return 'group';
  return mark === '.' || marks?.decimal === mark ? 'decimal' : 'ambiguous';
}

/** One term without its sign: digits, marks and spaces, into digits with at most one ".". */
function normaliseTerm(raw: string, format: NumberFormat | undefined): TermResult | 'ambiguous' {
  const term = (format === 'apostrophe_dot' ? raw.replace(APOSTROPHES, ' ') : raw).trim();
  const spaced = SPACES.test(term);
  SPACES.lastIndex = 0;
  const compact = term.replace(SPACES, '');
  const dots = compact.split('.').length - 1;
  const commas = compact.split(',').length - 1;

  let whole: string;
  let fraction: string | undefined;
  let groupMark: string | undefined;
  if (dots > 0 && commas > 0) {
    const decimalMark = compact.lastIndexOf('.') > compact.lastIndexOf(',') ? '.' : ',';
    if ((decimalMark === '.' ? dots : commas) !== 1) return { ok: false };
    const at = compact.lastIndexOf(decimalMark);
    whole = compact.slice(0, at);
    fraction = compact.slice(at + 1);
    groupMark = decimalMark === '.' ? ',' : '.';
  } else if (dots + commas > 1) {
    if (spaced) return { ok: false };
    whole = compact;
    groupMark = dots > 0 ? '.' : ',';
  } else if (dots + commas === 1) {
    const at = compact.search(/[.,]/);
    const mark = compact[at] ?? '';
    whole = compact.slice(0, at);
    fraction = compact.slice(at + 1);
    if (!spaced && /^[0-9]{3}$/.test(fraction) && /^[1-9][0-9]{0,2}$/.test(whole)) {
      const reading = singleMarkBeforeThree(mark, format);
      if (reading === 'ambiguous') return reading;
      if (reading === 'group') {
        whole = compact;
        fraction = undefined;
        groupMark = mark;
      }
    }
  } else {
    whole = compact;
  }

  if (fraction !== undefined && !/^[0-9]+$/.test(fraction)) return { ok: false };
  if (spaced) {
    // Spaces group the whole part; a mark may not also group it.
    const groups = term.slice(0, term.length - (fraction === undefined ? 0 : fraction.length + 1)).trim();
    if (groupMark !== undefined || !groupsOk(groups.split(SPACES))) return { ok: false };
  } else if (groupMark !== undefined) {
    if (!groupsOk(whole.split(groupMark))) return { ok: false };
  } else if (!/^[0-9]*$/.test(whole) || (whole === '' && fraction === undefined)) {
    return { ok: false };
  }
  const digits = whole === '' ? '0' : whole.replace(/[^0-9]/g, ''); // ",5" is 0.5
  return { ok: true, text: fraction === undefined ? digits : `${digits}.${fraction}` };
}

/**
 * Rewrites an amount or +/- expression typed with local separators into the product's notation;
 * `format`, the person's number format, settles a single mark before three digits (see above).
 */
export function normaliseAmountText(input: string, format?: NumberFormat): AmountTextResult {
  const parts = input.split(/([+-])/);
  const out: string[] = [];
  for (const part of parts) {
    const chars = format === 'apostrophe_dot' ? part.replace(APOSTROPHES, ' ') : part;
    if (part === '+' || part === '-' || part.trim() === '' || !TERM_CHARS.test(chars)) {
      out.push(part.trim() === '' ? '' : part.trim());
      continue;
    }
    const result = normaliseTerm(part, format);
    if (result === 'ambiguous') {
      const t = part.trim();
      return {
        ok: false,
        message: `"${t}" is ambiguous: write ${t.replace(',', '')} or ${t.replace(',', '.')}`,
      };
    }
    if (!result.ok) return { ok: false, message: `"${part.trim()}" is not a number` };
    out.push(result.text);
  }
  return { ok: true, text: out.join('') };
}
