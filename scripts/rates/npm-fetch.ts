import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Large enough for `npm view … versions --json` and a snapshot JSON piped out of tar. */
const MAX_BUFFER = 64 * 1024 * 1024;

/** The file name `npm pack` gives a tarball: "@scope/name" becomes "scope-name". */
export function tarballName(name: string, version: string): string {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/** Every published version of a package, as the registry lists them (oldest first). */
export async function listVersions(name: string): Promise<string[]> {
  const { stdout } = await run('npm', ['view', name, 'versions', '--json'], { maxBuffer: MAX_BUFFER });
  const parsed: unknown = JSON.parse(stdout);
  // npm prints a bare string instead of an array when a package has a single version.
  const list = typeof parsed === 'string' ? [parsed] : parsed;
  if (!Array.isArray(list) || !list.every((v): v is string => typeof v === 'string'))
    throw new Error(`npm view ${name} versions: unexpected output`);
  return list;
}

/**
 * The path of `name@version`'s tarball in the cache folder, downloaded with `npm pack` unless
 * already there. npm writes into a private temporary folder first and the file is renamed into
 * place only when complete, so an interrupted run never leaves a truncated tarball in the cache.
 */
export async function packTarball(name: string, version: string, cacheDir: string): Promise<string> {
  const target = path.join(cacheDir, tarballName(name, version));
  if (existsSync(target) && statSync(target).size > 0) return target;
  const staging = mkdtempSync(path.join(cacheDir, '.pack-'));
  try {
    await run('npm', ['pack', `${name}@${version}`, '--pack-destination', staging, '--silent'], {
      maxBuffer: MAX_BUFFER,
    });
    renameSync(path.join(staging, tarballName(name, version)), target);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

/** The text of one file inside a .tgz, read with the system tar; undefined when the file is not in it. */
export async function readFromTarball(tarball: string, member: string): Promise<string | undefined> {
  try {
    const { stdout } = await run('tar', ['-xzOf', tarball, member], { maxBuffer: MAX_BUFFER, encoding: 'utf8' });
    return stdout;
  } catch (error) {
    // GNU tar exits 2 for a member that is not in the archive; anything else (corrupt file) is fatal.
    const listing = await run('tar', ['-tzf', tarball], { maxBuffer: MAX_BUFFER, encoding: 'utf8' });
    if (!listing.stdout.split('\n').includes(member)) return undefined;
    throw error;
  }
}

/** The member paths of a .tgz. */
export async function listTarball(tarball: string): Promise<string[]> {
  const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: MAX_BUFFER, encoding: 'utf8' });
  return stdout.split('\n').filter((line) => line !== '');
}

/**
 * Runs `task` over `items` with at most `limit` in flight and returns the results in input
 * order, so the output does not depend on which download finished first.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
