export type { CurrencyInfo } from './currencies.js';
export { supportedCurrencies, findCurrency, currencyInfo, isSupportedCurrency } from './currencies.js';
export type { ScaledDecimal } from './decimal.js';
export { parseDecimal, divideHalfEven, pow10, formatSignificant, placeDecimalPoint, fixedDecimal } from './decimal.js';
export { dayFromIso, isoFromDay, utcDayOf } from './days.js';
export { ExactSum } from './exact-sum.js';
export { parseAmount, parseSignedAmount, minorToMajor, MAX_MAJOR_UNITS, type AmountResult } from './amount.js';
export { formatMoney, formatRate, formatDate, formatTime, abbreviate, ellipsis } from './format.js';
export { decimalsOf, majorToMinor, sumMajor, UNKNOWN_CURRENCY_DECIMALS } from './major.js';
