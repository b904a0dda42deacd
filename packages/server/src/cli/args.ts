/** Parses "--name value" pairs; flags must be known, each given once, and have a value. */
export function parseFlags(argv: readonly string[], known: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i] ?? '';
    const value = argv[i + 1];
    if (!name.startsWith('--') || !known.includes(name.slice(2))) {
      throw new UsageError(`unknown option ${name}; expected one of ${known.map((k) => `--${k}`).join(', ')}`);
    }
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
    if (flags.has(name.slice(2))) throw new UsageError(`${name} given twice`);
    flags.set(name.slice(2), value);
  }
  return flags;
}

/** A mistake in how the command was called; printed with the usage text. */
export class UsageError extends Error {}
