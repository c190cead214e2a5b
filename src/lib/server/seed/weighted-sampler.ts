import type { Random } from './rng.ts';

/**
 * Draws indices in O(1) with the given relative weights (Vose's alias method): members pick dramas
 * and hearts among 100k+ candidates millions of times, too many for a linear or binary search.
 */
export class WeightedSampler {
  private readonly probability: Float64Array;
  private readonly alias: Int32Array;

  constructor(weights: ArrayLike<number>) {
    const n = weights.length;
    this.probability = new Float64Array(n);
    this.alias = new Int32Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) total += weights[i];
    const scaled = new Float64Array(n);
    const small: number[] = [];
    const large: number[] = [];
    for (let i = 0; i < n; i++) {
      scaled[i] = (weights[i] * n) / total;
      (scaled[i] < 1 ? small : large).push(i);
    }
    while (small.length && large.length) {
      const s = small.pop()!;
      const l = large.pop()!;
      this.probability[s] = scaled[s];
      this.alias[s] = l;
      scaled[l] = scaled[l] + scaled[s] - 1;
      (scaled[l] < 1 ? small : large).push(l);
    }
    for (const i of [...small, ...large]) this.probability[i] = 1;
  }

  get size(): number {
    return this.probability.length;
  }

  draw(rng: Random): number {
    const i = Math.floor(rng.next() * this.probability.length);
    return rng.next() < this.probability[i] ? i : this.alias[i];
  }

  /** up to k distinct indices (fewer when the weights are too concentrated to find k quickly) */
  drawDistinct(rng: Random, k: number): number[] {
    const chosen = new Set<number>();
    const want = Math.min(k, this.probability.length);
    for (let tries = 0; chosen.size < want && tries < want * 8 + 20; tries++) chosen.add(this.draw(rng));
    return [...chosen];
  }
}
