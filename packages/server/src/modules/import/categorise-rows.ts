import type { Breather } from '../../util/breathe.js';
import type { PreviewContext } from './preview-context.js';
import type { StoredRow } from './stored-row.js';

/** Rules first, then the payee's most recent category; only categories of the row's direction. */
export async function categorise(rows: StoredRow[], ctx: PreviewContext, pace: Breather): Promise<void> {
  for (const row of rows) {
    if (pace.due()) await pace.pause();
    if (row.status === 'error') continue;
    const rule = ctx.findRule(`${row.payee} ${row.description}`, row.minor, row.currency);
    if (rule !== null) {
      row.categoryId = rule.categoryId;
      row.categorySource = 'rule';
      row.ruleId = rule.id;
      continue;
    }
    const fromPayee = ctx.payeeCategory(row.payee === '' ? row.description : row.payee, row.minor > 0);
    if (fromPayee !== null) {
      row.categoryId = fromPayee;
      row.categorySource = 'payee';
    }
  }
}
