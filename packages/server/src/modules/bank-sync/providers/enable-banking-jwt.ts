import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { ProviderError } from './types.js';

// Enable Banking authenticates the application, not a user: every request carries a JWT the
// application signs with its own RSA key (header typ JWT, alg RS256, kid = application id; claims
// iss enablebanking.com, aud api.enablebanking.com, iat, exp; the API refuses a lifetime over
// 24 h). One token serves many requests, so it is kept and signed again shortly before it lapses.

/** An hour: far inside the API's 24 h ceiling, and a leaked token is worth little for long. */
export const JWT_LIFETIME_SECONDS = 3600;
/** Signed again this long before exp, so a token never lapses on its way to the API. */
const RENEW_BEFORE_SECONDS = 300;

/**
 * Reads the application's key. node:crypto takes both the PKCS#8 ("BEGIN PRIVATE KEY") that the
 * Control Panel exports and the PKCS#1 ("BEGIN RSA PRIVATE KEY") that older `openssl genrsa`
 * writes, where jose's importPKCS8 takes only the first; jose signs with the KeyObject either way.
 */
function readKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new ProviderError(
      'refused',
      'The Enable Banking private key cannot be read: ENABLE_BANKING_KEY_FILE must hold the PEM private key of the application',
    );
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new ProviderError(
      'refused',
      `The Enable Banking private key is ${key.asymmetricKeyType ?? 'not an asymmetric key'}, not RSA: use the key of the application`,
    );
  return key;
}

/** Signs the application's bearer tokens and keeps the current one until it is near its end. */
export class EnableBankingSigner {
  private key: KeyObject | undefined;
  private current: { token: string; exp: number } | undefined;

  constructor(
    private readonly appId: string,
    private readonly privateKeyPem: string,
    private readonly now: () => number,
  ) {}

  /** A token valid for at least RENEW_BEFORE_SECONDS more. */
  async token(): Promise<string> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const current = this.current;
    // A clock set back (iat ahead of now) would send a token the API sees as issued in the future.
    if (
      current !== undefined &&
      current.exp - RENEW_BEFORE_SECONDS > nowSeconds &&
      current.exp - JWT_LIFETIME_SECONDS <= nowSeconds
    )
      return current.token;
    this.key ??= readKey(this.privateKeyPem);
    const exp = nowSeconds + JWT_LIFETIME_SECONDS;
    const token = await new SignJWT({})
      .setProtectedHeader({ typ: 'JWT', alg: 'RS256', kid: this.appId })
      .setIssuer('enablebanking.com')
      .setAudience('api.enablebanking.com')
      .setIssuedAt(nowSeconds)
      .setExpirationTime(exp)
      .sign(this.key);
    this.current = { token, exp };
    return token;
  }
}
