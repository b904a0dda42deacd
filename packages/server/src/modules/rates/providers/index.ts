import type { Config } from '../../../config.js';
import { CurrencyApiProvider } from './currency-api.js';
import { EcbProvider } from './ecb.js';
import type { RateProvider } from './provider.js';

/** The configured providers in the order they are tried: ECB first, then the fallback. */
export function configuredProviders(config: Config['rates']): RateProvider[] {
  return [
    new EcbProvider(config.ecbUrl, config.fetchTimeoutMs),
    new CurrencyApiProvider(config.fallbackUrl, config.fetchTimeoutMs),
  ];
}
