import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CSRF_COOKIE, type BackupDocument } from '@kassa/contract';

// The stall probe of issue 31: while one user previews a large bank file and another restores a
// large backup, a third user's requests over real HTTP keep answering quickly. Measured from the
// server's own process: the event loop's delay (perf_hooks) and each probe request's latency.
// Used by stall.api.test.ts (test scale) and the bench (1M rows and 340k transactions).

export interface StallFigures {
  /** Probe requests answered during the jobs. */
  probes: number;
  probeP50Ms: number;
  probeP99Ms: number;
  probeMaxMs: number;
  /** Event-loop delay while the jobs ran (monitorEventLoopDelay, 10 ms resolution). */
  loopP99Ms: number;
  loopMaxMs: number;
  previewMs: number;
  restoreMs: number;
  previewStatus: number;
  restoreStatus: number;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

/** A bank statement of `rows` rows (ISO dates, short texts), as a bank's CSV export. */
export function bigStatement(rows: number): string {
  const lines = ['Date,Payee,Amount'];
  const start = Date.UTC(2016, 0, 1);
  for (let i = 0; i < rows; i++) {
    const day = new Date(start + Math.floor((i / rows) * 3652) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${day},Shop ${i % 97},-${(i % 5000) + 1}.${String(i % 100).padStart(2, '0')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A backup document: `base` (a fresh user's own backup) with `count` expense transactions over ten years. */
export function bigBackup(base: BackupDocument, count: number): BackupDocument {
  const expense = base.categories.find((c) => c.type === 'real' && c.isIncome === false);
  if (expense === undefined) throw new Error('the base backup has no expense category');
  const start = Date.UTC(2016, 0, 1);
  const transactions = Array.from({ length: count }, (_, i) => ({
    categoryKey: expense.key,
    isIncome: false,
    businessType: null,
    amount: `${(i % 900) + 1}.${String(i % 100).padStart(2, '0')}`,
    currency: base.mainCurrency,
    description: `R${i}`,
    time: new Date(start + Math.floor((i / count) * 3652 * 86_400_000)).toISOString(),
  }));
  return { ...base, transactions };
}

/** The multipart body of an import preview, as a browser sends it. */
async function previewBody(csv: string, pocketId: number): Promise<{ body: ArrayBuffer; type: string }> {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'big.csv');
  form.append('options', JSON.stringify({ pocketId }));
  const response = new Response(form);
  return { body: await response.arrayBuffer(), type: response.headers.get('content-type') ?? '' };
}

export interface StallRun {
  base: string;
  /** Bearer tokens of the three users. */
  previewer: string;
  restorer: string;
  prober: string;
  pocketId: number;
  csv: string;
  backup: BackupDocument;
  /** Milliseconds between probes. */
  every?: number;
}

/**
 * Starts the preview and the restore at once and probes with the third user (health and the
 * pocket list, alternately) until both have answered; returns the figures.
 */
export async function measureStall(run: StallRun): Promise<StallFigures> {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  // A signed-in session's writes carry the CSRF double submit (http/csrf.ts).
  const csrf = 'c'.repeat(43);
  const write = (token: string) => ({ ...auth(token), cookie: `${CSRF_COOKIE}=${csrf}`, 'x-xsrf-token': csrf });
  const upload = await previewBody(run.csv, run.pocketId);
  const document = JSON.stringify(run.backup);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const latencies: number[] = [];
  // An object, so the probe loop sees the change made after the jobs (a plain let reads as constant to the linter).
  const state = { done: false };

  const probing = (async () => {
    for (let i = 0; !state.done; i++) {
      const started = performance.now();
      const res = await fetch(`${run.base}${i % 2 === 0 ? '/api/health' : '/api/pocket/getall'}`, {
        headers: auth(run.prober),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`probe answered ${res.status}`);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, run.every ?? 20));
    }
  })();

  loop.enable();
  const timed = async (send: () => Promise<Response>) => {
    const started = performance.now();
    const res = await send();
    // Read and dropped piece by piece: the client shares this process, and one 200 MB buffer
    // of a million-row answer would be its pause, not the server's.
    const reader = res.body?.getReader();
    while (reader !== undefined && !(await reader.read()).done);
    return { status: res.status, ms: performance.now() - started };
  };
  const [preview, restore] = await Promise.all([
    timed(() =>
      fetch(`${run.base}/api/import/preview`, {
        method: 'POST',
        headers: { ...write(run.previewer), 'content-type': upload.type },
        body: upload.body,
      }),
    ),
    timed(() =>
      fetch(`${run.base}/api/backup/restore?replace=true`, {
        method: 'POST',
        headers: { ...write(run.restorer), 'content-type': 'application/json' },
        body: document,
      }),
    ),
  ]);
  loop.disable();
  state.done = true;
  await probing;

  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    probes: sorted.length,
    probeP50Ms: quantile(sorted, 0.5),
    probeP99Ms: quantile(sorted, 0.99),
    probeMaxMs: sorted.at(-1) ?? 0,
    loopP99Ms: loop.percentile(99) / 1e6,
    loopMaxMs: loop.max / 1e6,
    previewMs: preview.ms,
    restoreMs: restore.ms,
    previewStatus: preview.status,
    restoreStatus: restore.status,
  };
}
