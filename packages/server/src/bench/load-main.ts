import { runLoad } from './load.js';

// npm run load [-- --seconds=300 --connections=16 --transactions=5000 --pg --profile=DIR]
// --pg runs on PostgreSQL at TEST_DATABASE_URL (as the tests); SQLite otherwise.
// --profile=DIR writes a CPU profile of the server into DIR (open it in Chrome DevTools).
const arg = (name: string, fallback: number): number => {
  const value = process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name}= needs a positive whole number`);
  return n;
};
const pg = process.argv.includes('--pg');
const pgUrl = process.env['TEST_DATABASE_URL'];
if (pg && (pgUrl === undefined || pgUrl === '')) throw new Error('--pg needs TEST_DATABASE_URL');
const profileDir = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
const lines = await runLoad({
  seconds: arg('seconds', 300),
  connections: arg('connections', 16),
  transactions: arg('transactions', 5000),
  ...(pg && pgUrl !== undefined ? { pgUrl } : {}),
  ...(profileDir === undefined || profileDir === '' ? {} : { profileDir }),
});
for (const line of lines) console.log(line);
