// Adds up what a page's first load fetches from a Vite build manifest: the entry chunk, the
// lazily loaded route chunks the page needs, everything they import statically, and their CSS.

/** The parts of a Vite manifest entry this needs. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The files (JS and CSS) a first load of these manifest keys fetches, entry included. */
export function firstLoadFiles(manifest: Manifest, routeKeys: readonly string[]): string[] {
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry === true)?.[0];
  if (entry === undefined) throw new Error('the manifest has no entry chunk');
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`the manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const key of routeKeys) visit(key);
  return [...files].sort();
}

/** The pages under budget (issue: login and dashboard), by the route modules they load lazily. */
export const BUDGET_PAGES: { name: string; routeKeys: string[] }[] = [
  { name: 'login page', routeKeys: ['src/app/layouts/PublicLayout.tsx', 'src/features/public/LoginPage.tsx'] },
  { name: 'dashboard', routeKeys: ['src/app/layouts/PrivateLayout.tsx', 'src/features/dashboard/DashboardPage.tsx'] },
];

/** Gzip JavaScript + CSS allowed on each first load, in kB (1000 bytes). */
export const BUDGET_KB = 250;
