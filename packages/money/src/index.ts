export type { CurrencyInfo } from './currencies.js';
export { supportedCurrencies, findCurrency, isSupportedCurrency } from './currencies.js';
