import type { CurrencyInfo } from '../../packages/money/src/currencies.js';

/**
 * The catalogue as it was written by hand in packages/money/src/currencies.ts before it was
 * generated: these entries are kept exactly (names and signs were chosen for the product, e.g.
 * "Mex$" and "Pound Sterling"), every other currency takes its display data from Intl.
 */
export const HAND_LISTED: readonly CurrencyInfo[] = [
  { code: 'EUR', sign: '€', name: 'Euro', decimals: 2, signBefore: false },
  { code: 'USD', sign: '$', name: 'US Dollar', decimals: 2, signBefore: true },
  { code: 'JPY', sign: '¥', name: 'Japanese Yen', decimals: 0, signBefore: true },
  { code: 'BGN', sign: 'лв', name: 'Bulgarian Lev', decimals: 2, signBefore: false },
  { code: 'CZK', sign: 'Kč', name: 'Czech Koruna', decimals: 2, signBefore: false },
  { code: 'DKK', sign: 'kr.', name: 'Danish Krone', decimals: 2, signBefore: false },
  { code: 'GBP', sign: '£', name: 'Pound Sterling', decimals: 2, signBefore: true },
  { code: 'HUF', sign: 'Ft', name: 'Hungarian Forint', decimals: 2, signBefore: false },
  { code: 'PLN', sign: 'zł', name: 'Polish Zloty', decimals: 2, signBefore: false },
  { code: 'RON', sign: 'lei', name: 'Romanian Leu', decimals: 2, signBefore: false },
  { code: 'SEK', sign: 'kr', name: 'Swedish Krona', decimals: 2, signBefore: false },
  { code: 'CHF', sign: 'CHF', name: 'Swiss Franc', decimals: 2, signBefore: true },
  { code: 'ISK', sign: 'kr', name: 'Icelandic Krona', decimals: 0, signBefore: false },
  { code: 'NOK', sign: 'kr', name: 'Norwegian Krone', decimals: 2, signBefore: false },
  { code: 'TRY', sign: '₺', name: 'Turkish Lira', decimals: 2, signBefore: true },
  { code: 'AUD', sign: 'A$', name: 'Australian Dollar', decimals: 2, signBefore: true },
  { code: 'BRL', sign: 'R$', name: 'Brazilian Real', decimals: 2, signBefore: true },
  { code: 'CAD', sign: 'C$', name: 'Canadian Dollar', decimals: 2, signBefore: true },
  { code: 'CNY', sign: '¥', name: 'Chinese Yuan', decimals: 2, signBefore: true },
  { code: 'HKD', sign: 'HK$', name: 'Hong Kong Dollar', decimals: 2, signBefore: true },
  { code: 'IDR', sign: 'Rp', name: 'Indonesian Rupiah', decimals: 2, signBefore: true },
  { code: 'ILS', sign: '₪', name: 'Israeli New Shekel', decimals: 2, signBefore: true },
  { code: 'INR', sign: '₹', name: 'Indian Rupee', decimals: 2, signBefore: true },
  { code: 'KRW', sign: '₩', name: 'South Korean Won', decimals: 0, signBefore: true },
  { code: 'MXN', sign: 'Mex$', name: 'Mexican Peso', decimals: 2, signBefore: true },
  { code: 'MYR', sign: 'RM', name: 'Malaysian Ringgit', decimals: 2, signBefore: true },
  { code: 'NZD', sign: 'NZ$', name: 'New Zealand Dollar', decimals: 2, signBefore: true },
  { code: 'PHP', sign: '₱', name: 'Philippine Peso', decimals: 2, signBefore: true },
  { code: 'SGD', sign: 'S$', name: 'Singapore Dollar', decimals: 2, signBefore: true },
  { code: 'THB', sign: '฿', name: 'Thai Baht', decimals: 2, signBefore: true },
  { code: 'ZAR', sign: 'R', name: 'South African Rand', decimals: 2, signBefore: true },
];
