import type { Config } from '../../../config.js';
import { currencyApiProvider } from './currency-api.js';
import { ecbProvider } from './ecb.js';
import type { RateProvider } from './provider.js';

/** The configured providers in the order they are tried: ECB first, then the fallback. */
export function configuredProviders(config: Config['rates']): RateProvider[] {
  return [
    ecbProvider(config.ecbUrl, config.fetchTimeoutMs),
    currencyApiProvider(config.fallbackUrl, config.fetchTimeoutMs),
  ];
}
