/** One version of the changelog. */
export interface ChangelogEntry {
  version: string;
  changes: string[];
}

/**
 * Reads CHANGELOG.md: every "## x.y.z" heading starts a version, and its "- " lines are the
 * changes. Anything else (the title, prose) is ignored.
 */
export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const heading = /^##\s+(\d+\.\d+\.\d+)\s*$/.exec(line);
    if (heading?.[1] !== undefined) entries.push({ version: heading[1], changes: [] });
    else if (line.startsWith('- ')) entries.at(-1)?.changes.push(line.slice(2).trim());
  }
  return entries;
}
