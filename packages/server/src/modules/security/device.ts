/** The longest device text kept: a User-Agent is the client's to choose. */
const MAX_LENGTH = 100;

/** Browsers and tools, most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\b(Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^Wget\//, 'Wget'],
  [/^python-requests\//, 'Python requests'],
  [/^node-fetch|^undici|^node\b/i, 'Node.js'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows NT\b/, 'Windows'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short description of a client from its User-Agent, "Chrome on Linux", for the sessions list
 * and the security log. Parsed by hand: the dozen cases a person recognises are enough here, and
 * a parser library would be one more dependency for a label. Unknown agents show their first
 * product token ("MyScript"), none at all "Unknown device".
 */
export function deviceOf(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').trim();
  if (agent === '') return 'Unknown device';
  const browser =
    BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? /^([^\s/()]+)/.exec(agent)?.[1] ?? 'Unknown browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  const text = system === undefined ? browser : `${browser} on ${system}`;
  // Control characters never reach the page or the log.
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return text.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, MAX_LENGTH);
}
