import { describe, expect, it } from 'vitest';
import { firstLoadFiles, type Manifest } from './budget.js';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'src/Login.tsx': { file: 'assets/Login.js', imports: ['_shared.js'] },
  'src/Dashboard.tsx': { file: 'assets/Dashboard.js', imports: ['_shared.js'], css: ['assets/Dashboard.css'] },
  'src/Charts.tsx': { file: 'assets/Charts.js' },
};

describe('first-load files', () => {
  it('takes the entry, the route chunks and their static imports once each, with CSS', () => {
    expect(firstLoadFiles(manifest, ['src/Dashboard.tsx'])).toEqual([
      'assets/Dashboard.css',
      'assets/Dashboard.js',
      'assets/index.css',
      'assets/index.js',
      'assets/react.js',
      'assets/shared.js',
    ]);
  });

  it('leaves out what other routes load', () => {
    expect(firstLoadFiles(manifest, ['src/Login.tsx'])).not.toContain('assets/Charts.js');
  });

  it('names a route chunk the build does not have', () => {
    expect(() => firstLoadFiles(manifest, ['src/Gone.tsx'])).toThrow('src/Gone.tsx');
  });
});
