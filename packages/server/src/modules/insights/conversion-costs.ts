import type { ConversionCosts } from '@kassa/contract';
import { currencyInfo, isoFromDay, minorToMajor, pow10, type CurrencyInfo } from '@kassa/money';
import { roundScaled, scaledValue, type LedgerReader } from '../ledger/index.js';
import type { Owner } from '../auth/service.js';
import type { Converter } from '../rates/conversion.js';
import type { RatesService } from '../rates/service.js';
import { addTo, display, iso, MAX_COST_ITEMS, type ValuedConversion } from './figures.js';

// conversion-costs (issue 21): what each conversion cost in the main currency.

/** Every conversion of [start, end] valued at its day's rate in the main currency. */
async function valuedConversions(
  ledger: LedgerReader,
  userId: number,
  converter: Converter,
  start: number,
  end: number,
): Promise<ValuedConversion[]> {
  return (await ledger.conversionsBetween(userId, start, end)).map((row) => {
    const from = scaledValue(converter, BigInt(row.fromAmount), row.fromCurrency, row.day);
    const to = scaledValue(converter, BigInt(row.toAmount), row.toCurrency, row.day);
    return { row, from, to, cost: from - to };
  });
}

/**
 * conversion-costs: per conversion of [start, end] the effective rate, the reference cross rate
 * of its day (through EUR, DESIGN §6) and its cost = value of the from-leg − value of the to-leg
 * in the main currency, both at that day's rates; each cost, month, pair and the total is the
 * sum of exact values rounded once, half to even. Most expensive first.
 */

export async function conversionCosts(
  ledger: LedgerReader,
  rates: RatesService,
  owner: Owner,
  start: number,
  end: number,
): Promise<ConversionCosts> {
  const converter = rates.requireMainConverter(owner.mainCurrency);
  const main = converter.to;
  const valued = await valuedConversions(ledger, owner.id, converter, start, end);
  const crossTo = new Map<string, Converter>();
  const reference = (from: CurrencyInfo, to: CurrencyInfo, day: number) => {
    let c = crossTo.get(to.code);
    if (c === undefined) {
      c = rates.converter(to);
      crossTo.set(to.code, c);
    }
    // Units of `to` per 1 unit of `from`: the exact fraction, shown to 10 significant digits.
    const { num, den } = c.fraction(pow10(from.decimals), from, day);
    return display(Number(num) / Number(den) / 10 ** to.decimals);
  };
  let total = 0n;
  const months = new Map<string, bigint>();
  const pairs = new Map<string, { from: string; to: string; count: number; cost: bigint }>();
  for (const v of valued) {
    total += v.cost;
    addTo(months, isoFromDay(v.row.day).slice(0, 7), v.cost);
    const key = `${v.row.fromCurrency}>${v.row.toCurrency}`;
    const pair = pairs.get(key) ?? { from: v.row.fromCurrency, to: v.row.toCurrency, count: 0, cost: 0n };
    pair.count += 1;
    pair.cost += v.cost;
    pairs.set(key, pair);
  }
  const d = main.decimals;
  const byCost = [...valued].sort((a, b) =>
    a.cost === b.cost ? a.row.time - b.row.time || a.row.id - b.row.id : a.cost > b.cost ? -1 : 1,
  );
  const items = byCost.slice(0, MAX_COST_ITEMS).map(({ row, cost }) => {
    const from = currencyInfo(row.fromCurrency);
    const to = currencyInfo(row.toCurrency);
    // toAmount / fromAmount in major units = (to × 10^dFrom) / (from × 10^dTo).
    const effective = display((row.toAmount * 10 ** from.decimals) / (row.fromAmount * 10 ** to.decimals));
    return {
      id: row.id,
      time: iso(row.time),
      fromAmount: minorToMajor(BigInt(row.fromAmount), from.decimals),
      fromCurrency: from.code,
      toAmount: minorToMajor(BigInt(row.toAmount), to.decimals),
      toCurrency: to.code,
      effectiveRate: effective,
      referenceRate: reference(from, to, row.day),
      rateDay: isoFromDay(row.day),
      cost: minorToMajor(roundScaled(cost), d),
    };
  });
  return {
    currency: main.code,
    total: minorToMajor(roundScaled(total), d),
    count: valued.length,
    items,
    months: [...months]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, cost]) => ({ month, cost: minorToMajor(roundScaled(cost), d) })),
    pairs: [...pairs.values()]
      .sort((a, b) =>
        a.cost === b.cost ? `${a.from}${a.to}`.localeCompare(`${b.from}${b.to}`) : a.cost > b.cost ? -1 : 1,
      )
      .map((p) => ({ from: p.from, to: p.to, count: p.count, cost: minorToMajor(roundScaled(p.cost), d) })),
  };
}
