export type { CurrencyInfo } from './currencies.js';
export { supportedCurrencies, findCurrency, currencyInfo, isSupportedCurrency } from './currencies.js';
export type { ScaledDecimal } from './decimal.js';
export { parseDecimal, divideHalfEven, pow10, formatSignificant, placeDecimalPoint, fixedDecimal } from './decimal.js';
export { dayFromIso, isoFromDay, utcDayOf } from './days.js';
export { ExactSum } from './exact-sum.js';
export { parseAmount, parseSignedAmount, minorToMajor, MAX_MAJOR_UNITS, type AmountResult } from './amount.js';
export { normaliseAmountText, type AmountTextResult } from './amount-text.js';
export {
  formatMoney,
  formatMoneyMinor,
  formatRate,
  formatDate,
  formatIsoDate,
  formatTime,
  abbreviate,
  ellipsis,
} from './format.js';
export {
  numberFormats,
  dateFormats,
  DEFAULT_NUMBER_FORMAT,
  DEFAULT_DATE_FORMAT,
  numberMarks,
  formatDecimal,
  formatNumber,
  type NumberFormat,
  type DateFormat,
} from './display-format.js';
export { decimalsOf, majorToMinor, sumMajor, UNKNOWN_CURRENCY_DECIMALS, type Minor } from './major.js';
export { splitByWeights, type Weighted } from './split.js';
