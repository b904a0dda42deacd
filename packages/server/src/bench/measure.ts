/** Timing figures of one benchmark: how many runs and how long they took. */
export interface Figures {
  name: string;
  runs: number;
  totalMs: number;
  p50Ms: number;
  p95Ms: number;
}

/** Runs fn `runs` times after `warmup` unmeasured runs and reports latency percentiles. */
export async function measure(name: string, runs: number, fn: () => Promise<unknown>, warmup = 50): Promise<Figures> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  const totalMs = performance.now() - start;
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { name, runs, totalMs, p50Ms: at(0.5), p95Ms: at(0.95) };
}

/** One line per benchmark: name, runs, throughput and latency. */
export function formatFigures(f: Figures): string {
  const perSecond = (f.runs / f.totalMs) * 1000;
  return `${f.name.padEnd(44)} ${String(f.runs).padStart(7)} runs  ${perSecond.toFixed(0).padStart(8)}/s  p50 ${f.p50Ms.toFixed(3)} ms  p95 ${f.p95Ms.toFixed(3)} ms`;
}
