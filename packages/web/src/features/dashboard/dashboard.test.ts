import { describe, expect, it } from 'vitest';
import changelogText from '../../../../../CHANGELOG.md?raw';
import { parseChangelog } from './changelog';
import { fixpointIsStale } from './fixpoint-age';

describe("the dashboard's rules", () => {
  it('reads versions and their changes from the changelog', () => {
    expect(parseChangelog('# Changelog\n\nProse.\n\n## 1.2.3\n\n- One\n- Two\n\n## 1.2.2\n- Three\n')).toEqual([
      { version: '1.2.3', changes: ['One', 'Two'] },
      { version: '1.2.2', changes: ['Three'] },
    ]);
  });

  it("lists the repository's changelog newest first, up to 1.10.5 (spec §2)", () => {
    const versions = parseChangelog(changelogText).map((e) => e.version);
    expect(versions[0]).toBe('1.10.5');
    expect(versions).toEqual([...versions].sort((a, b) => b.localeCompare(a, 'en', { numeric: true })));
    expect(parseChangelog(changelogText).every((e) => e.changes.length > 0)).toBe(true);
  });

  it('warns only when the last fixpoint is more than 30 days old', () => {
    const now = new Date(Date.UTC(2026, 10, 21, 12, 0));
    expect(fixpointIsStale(new Date(Date.UTC(2026, 9, 22, 12, 0)), now)).toBe(false); // exactly 30 days
    expect(fixpointIsStale(new Date(Date.UTC(2026, 9, 22, 11, 59)), now)).toBe(true);
    expect(fixpointIsStale(new Date(Date.UTC(2026, 10, 20)), now)).toBe(false);
  });
});
