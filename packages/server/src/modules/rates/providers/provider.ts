import type { RateRow } from '../rate-table.js';

/** A live source of EUR reference rates. fetch() throws with a clear message on any failure. */
export interface RateProvider {
  /** Stored as the source of the rows it returns. */
  readonly name: string;
  fetch(): Promise<RateRow[]>;
}

/** GETs a URL as text within a time limit; non-2xx answers and empty bodies are errors. */
export async function fetchText(url: string, timeoutMs: number): Promise<string> {
  let status: number;
  let text: string;
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'user-agent': 'Kassa rates refresh' },
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    // fetch says only "fetch failed"; the cause names the real problem (ECONNREFUSED, ENOTFOUND…).
    const e = err as { name?: string; cause?: { code?: string; message?: string } };
    const reason =
      e.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : (e.cause?.code ?? e.cause?.message ?? String(err));
    throw new Error(`${url} is unreachable: ${reason}`, { cause: err });
  }
  if (status < 200 || status > 299) throw new Error(`${url} answered HTTP ${status}`);
  if (text.trim() === '') throw new Error(`${url} answered an empty body`);
  return text;
}

/** A provider that GETs one URL and parses the answer; the parser throws for unusable answers. */
export class HttpRateProvider implements RateProvider {
  constructor(
    readonly name: string,
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly parse: (text: string, source: string) => RateRow[],
  ) {}

  async fetch(): Promise<RateRow[]> {
    return this.parse(await fetchText(this.url, this.timeoutMs), this.name);
  }
}
