import { describe, expect, it } from 'vitest';
import { fingerprintOfKey, FINGERPRINT_VERSION, knownVersion, occurrenceKey, versionOf } from './fingerprint.js';

const coffee = { day: 20_517, amount: -350, payee: 'Café  Central', description: 'Kartenzahlung' };

describe('import fingerprints', () => {
  it('pins version 1: rows imported under it are recognised by every later server', () => {
    // A change to the rule must add a version, never alter this one: this value is stored in users' books.
    expect(occurrenceKey(coffee)).toBe('20517|-350|cafe central kartenzahlung');
    expect(fingerprintOfKey(1, occurrenceKey(coffee), 1)).toBe('v1:NmHklTnQQ7D8Di2Kfp0DMr769_IqnCSJ');
    expect(FINGERPRINT_VERSION).toBe(1);
  });

  it('tells identical rows of one file apart by their occurrence, and ignores case and accents', () => {
    const key = occurrenceKey(coffee);
    expect(fingerprintOfKey(1, key, 1)).not.toBe(fingerprintOfKey(1, key, 2));
    expect(occurrenceKey({ ...coffee, payee: 'CAFE CENTRAL' })).toBe(key);
    expect(occurrenceKey({ ...coffee, amount: 350 })).not.toBe(key);
    expect(occurrenceKey({ ...coffee, day: 20_518 })).not.toBe(key);
  });

  it('reads the version a stored fingerprint was made with, and knows only its own', () => {
    expect(versionOf('v1:abc')).toBe(1);
    expect(versionOf('v12:abc')).toBe(12);
    expect(knownVersion(1)).toBe(true);
    expect(knownVersion(12)).toBe(false);
    expect(() => fingerprintOfKey(12, 'k', 1)).toThrow('unknown fingerprint version 12');
  });
});
