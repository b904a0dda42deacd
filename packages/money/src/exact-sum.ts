import { divideHalfEven, pow10 } from './decimal.js';

// Fractional parts are first summed at this precision; only a sum too close to a rounding tie
// to decide at it falls back to exact rational arithmetic.
const PRECISION = 30;

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * Sums fractions num/den exactly and rounds once, half to even (DESIGN §3: aggregates sum the
 * unrounded products and round once). Terms with the same denominator (same currency and rate)
 * are combined exactly; the rest are combined at 10^-30 and, only when that is too close to a
 * tie to call, exactly.
 */
export class ExactSum {
  private readonly byDen = new Map<bigint, bigint>();

  /** Adds num/den; den must be positive. */
  add(num: bigint, den: bigint): void {
    this.byDen.set(den, (this.byDen.get(den) ?? 0n) + num);
  }

  /** The sum rounded half to even to an integer. */
  rounded(): bigint {
    let whole = 0n;
    let scaledFraction = 0n; // sum of the fractional parts, times 10^PRECISION, truncated
    const scale = pow10(PRECISION);
    for (const [den, num] of this.byDen) {
      const q = num >= 0n ? num / den : -((-num + den - 1n) / den); // floor
      whole += q;
      scaledFraction += ((num - q * den) * scale) / den;
    }
    const terms = BigInt(this.byDen.size);
    // Each truncation loses less than one unit, so the true fraction lies in [scaled, scaled + terms).
    const fractionWhole = scaledFraction / scale;
    const rest = scaledFraction - fractionWhole * scale;
    const half = scale / 2n;
    if (rest + terms <= half) return whole + fractionWhole;
    if (rest > half) return whole + fractionWhole + 1n;
    return this.exactRounded();
  }

  private exactRounded(): bigint {
    let num = 0n;
    let den = 1n;
    for (const [d, n] of this.byDen) {
      const g = gcd(den, d);
      num = num * (d / g) + n * (den / g);
      den = (den / g) * d;
    }
    return divideHalfEven(num, den);
  }
}
