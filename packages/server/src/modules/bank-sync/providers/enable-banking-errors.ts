import { retryAfterSeconds, type OutboundResponse } from './outbound-http.js';
import { errorSchema } from './enable-banking-schemas.js';
import { ProviderError } from './types.js';

// What a failed answer from Enable Banking means to the user. The API reference lists the text
// codes (ErrorResponse.error, the ErrorCode enum) but not which HTTP status each comes with, so
// the code decides where there is one and the status only where there is none.

/** Codes after which only a new consent at the bank helps, with what to tell the user. */
const CONSENT_ENDED: Readonly<Record<string, string>> = {
  EXPIRED_SESSION: 'The consent you gave the bank through Enable Banking has expired: connect the bank again',
  REVOKED_SESSION: 'The consent was withdrawn at the bank: connect the bank again to keep syncing',
  CLOSED_SESSION: 'This bank connection was closed: connect the bank again to keep syncing',
  SESSION_DOES_NOT_EXIST: 'Enable Banking no longer knows this bank connection: connect the bank again',
  ASPSP_ACCOUNT_NOT_ACCESSIBLE: 'The bank no longer shares this account: connect the bank again and allow the account',
  ASPSP_PSU_ACTION_REQUIRED: 'The bank asks you to act before it shares more data: connect the bank again',
  EXPIRED_AUTHORIZATION_CODE: "The bank's approval lapsed before Kassa could use it: connect the bank again",
  WRONG_SESSION_STATUS: 'This bank connection is not authorised (any more): connect the bank again',
};

/** Codes that say the bank, not the request, failed. */
const BANK_FAILED = new Set(['ASPSP_ERROR', 'ASPSP_TIMEOUT']);

/** "in about 2 hours", "in about a minute", "later": how long a rate limit asks to wait. */
function waitWords(seconds: number | undefined): string {
  if (seconds === undefined) return 'later (banks usually allow a few reads a day per account)';
  if (seconds >= 3600) {
    const hours = Math.round(seconds / 3600);
    return hours === 1 ? 'in about an hour' : `in about ${hours} hours`;
  }
  if (seconds >= 60) {
    const minutes = Math.round(seconds / 60);
    return minutes === 1 ? 'in about a minute' : `in about ${minutes} minutes`;
  }
  return seconds <= 1 ? 'in a second' : `in ${seconds} seconds`;
}

const sentence = (text: string) => text.trim().replace(/[.\s]+$/, '');

/** The ProviderError for a non-2xx answer to `what` ("the list of transactions"). */
export function errorOf(res: OutboundResponse, what: string): ProviderError {
  let parsed: { message?: string | undefined; error?: string | undefined; detail?: unknown } = {};
  try {
    const body = errorSchema.safeParse(JSON.parse(res.text));
    if (body.success) parsed = body.data;
  } catch {
    // An error page that is not JSON (a proxy's 502) says nothing more than its status.
  }
  const code = parsed.error;
  const said = [parsed.message, typeof parsed.detail === 'string' ? parsed.detail : undefined]
    .filter((s): s is string => s !== undefined && s.trim() !== '')
    .map(sentence)
    .join(': ');
  const saying = said === '' ? `HTTP ${res.status}` : `"${said}"`;

  if (res.status === 429 || code === 'ASPSP_RATE_LIMIT_EXCEEDED') {
    const wait = retryAfterSeconds(res.headers);
    return new ProviderError(
      'rate-limited',
      `The bank's limit on reads through Enable Banking is reached for ${what}: Kassa will try again ${waitWords(wait)}`,
      wait,
    );
  }
  const ended = code === undefined ? undefined : CONSENT_ENDED[code];
  if (ended !== undefined) return new ProviderError('consent-expired', ended);
  if (res.status >= 500 || res.status === 408 || (code !== undefined && BANK_FAILED.has(code)))
    return new ProviderError(
      'unreachable',
      `Enable Banking or the bank failed to answer ${what} (${saying}): try again later`,
    );
  if (res.status === 401)
    return new ProviderError(
      'refused',
      `Enable Banking did not accept the application's signed request (${saying}): check ENABLE_BANKING_APP_ID and that ENABLE_BANKING_KEY_FILE holds that application's private key`,
    );
  return new ProviderError('refused', `Enable Banking refused ${what}: ${saying}`);
}
