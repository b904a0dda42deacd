import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from './secrets.js';

describe('JWT secret', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('prefers the configured secret and writes nothing', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'kassa-sec-')), 'data');
    dirs.push(path.dirname(dir));
    expect(resolveJwtSecret('c'.repeat(40), dir)).toBe('c'.repeat(40));
    expect(() => statSync(dir)).toThrow();
  });

  it('generates one on first start, keeps it private, and reuses it', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'kassa-sec-')), 'data');
    dirs.push(path.dirname(dir));
    const first = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
  });
});
