// What every bank-data provider (SimpleFIN Bridge, Enable Banking) is read into: accounts with the
// bank's own balance and rows marked booked or pending, in the provider's own words but Kassa's
// shapes. The sync (../sync.ts) maps these onto pockets and sends the booked rows through the
// import pipeline; nothing here knows the books.

/** An account at the bank as the provider lists it. */
export interface ProviderAccount {
  /** The provider's id of the account (SimpleFIN `id`, Enable Banking `uid`). */
  accountId: string;
  /** What the bank calls it, for the mapping screen ("Checking ••1234", an IBAN). */
  name: string;
  /** ISO 4217 code, upper case; '' when the provider gives none Kassa knows (a custom currency URL). */
  currency: string;
  /** The bank's booked balance: signed major units with '.' as decimal point ("-12.30"), null when not given. */
  balance: string | null;
  /** The day the balance is for, YYYY-MM-DD; null with no balance. */
  balanceDate: string | null;
}

/** One row of an account: booked, or pending (not yet booked by the bank). */
export interface ProviderTransaction {
  /** The provider's id of this row (SimpleFIN `id`; Enable Banking `entry_reference`, else `transaction_id`, else a hash the client makes of the row). */
  externalId: string;
  /** Booking day for a booked row, the day it was made for a pending one, YYYY-MM-DD. */
  date: string;
  /** Signed major units with '.' ("-4.50" money out). */
  amount: string;
  description: string;
  payee: string;
  pending: boolean;
  /**
   * The id the provider uses for the same payment before and after it is booked, where it has
   * one (Enable Banking: a `transaction_id` present on both); null when it has none (SimpleFIN).
   */
  link: string | null;
}

/** One account's data over a window of days. */
export interface AccountData {
  account: ProviderAccount;
  transactions: ProviderTransaction[];
}

export type ProviderErrorKind =
  /** The consent or access has ended: the user must connect again (never a 500). */
  | 'consent-expired'
  /** The provider asks to wait (429); retryAfterSeconds says how long when it says. */
  | 'rate-limited'
  /** The answer is not what the provider's documentation describes. */
  | 'malformed'
  /** The provider could not be reached, timed out or failed (5xx). */
  | 'unreachable'
  /** The request was refused for another reason (a used setup token, a 4xx); the message says which. */
  | 'refused'
  /** The URL is not one Kassa may call (not https, or a private, loopback or link-local address). */
  | 'forbidden-url';

/** A provider's failure, in words a user can act on; the service turns it into a 4xx or a connection state. */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** What a fetch may reach (outbound-http.ts): the hosts allowed although they resolve to private addresses. */
export interface OutboundPolicy {
  /** BANK_SYNC_ALLOW_HOSTS: exact host names (lower case), or host:port; such hosts may also use http. */
  allowHosts: readonly string[];
}
