import { ConfigError, loadConfig } from '../config.js';
import { runCli } from './run.js';

// Entry point of `npm run cli -- <command>`: the CLI's only start-up side effects.
try {
  const code = await runCli(process.argv.slice(2), loadConfig(), console.log, console.error);
  process.exitCode = code;
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
}
