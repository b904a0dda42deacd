// `npm run bench` (bundle part): the gzip size of the login page's and the dashboard's first load
// from the production build in packages/web/dist; exits 1 when either is over budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUDGET_KB, BUDGET_PAGES, firstLoadFiles, type Manifest } from './budget.js';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../packages/web/dist'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const gzipKb = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1000;

console.log(`Bundle budget: gzip JavaScript + CSS of a first load, at most ${BUDGET_KB} kB (${dist})`);
let over = false;
for (const page of BUDGET_PAGES) {
  const files = firstLoadFiles(manifest, page.routeKeys);
  const css = files.filter((f) => f.endsWith('.css'));
  const js = files.filter((f) => !f.endsWith('.css'));
  const jsKb = js.reduce((sum, f) => sum + gzipKb(f), 0);
  const cssKb = css.reduce((sum, f) => sum + gzipKb(f), 0);
  const total = jsKb + cssKb;
  const pageOver = total > BUDGET_KB;
  over ||= pageOver;
  console.log(
    `  ${page.name.padEnd(12)} ${total.toFixed(1).padStart(6)} kB  (JS ${jsKb.toFixed(1)} kB in ${js.length} files, CSS ${cssKb.toFixed(1)} kB)  ${pageOver ? 'OVER BUDGET' : 'ok'}`,
  );
}
if (over) process.exit(1);
