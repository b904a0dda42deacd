import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './download';

describe('the file name of a Content-Disposition header', () => {
  it('reads a quoted, a bare and an RFC 5987 name', () => {
    expect(dispositionFileName('attachment; filename="kassa-backup-2026-11-23.json"')).toBe(
      'kassa-backup-2026-11-23.json',
    );
    expect(dispositionFileName('attachment; filename=kassa.csv')).toBe('kassa.csv');
    expect(dispositionFileName('attachment; filename="a.csv"; filename*=UTF-8\'\'k%C3%A1ssa.csv')).toBe('kássa.csv');
  });

  it('gives none for a header without a name', () => {
    expect(dispositionFileName(null)).toBeUndefined();
    expect(dispositionFileName('attachment')).toBeUndefined();
    expect(dispositionFileName('attachment; filename=""')).toBeUndefined();
  });
});
