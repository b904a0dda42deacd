/**
 * A seeded pseudo-random generator (mulberry32): tests, benchmarks and the demo build the same data on
 * every run. Returns a function giving integers in [0, n).
 */
export function prng(seed: number): (n: number) => number {
  let a = seed;
  return (n: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}
