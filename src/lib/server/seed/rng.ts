// Seeded randomness for the demo catalogue. Every record draws from its own stream, derived from
// (seed, stream name, record id), so a record's content does not depend on how many random numbers
// were drawn before it: chunks can be generated in any order and the output stays byte for byte the same.

/** murmur3's 32-bit finaliser: spreads every input bit over the whole word. */
function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a hash of a string (stream names, seeds given as words). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Small fast PRNG (sfc32, from PractRand) with the helpers the generator needs. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = mix32(seed ^ 0x9e3779b9);
    this.b = mix32(seed + 0x6a09e667);
    this.c = mix32(seed ^ 0xbb67ae85);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** uniform in [0, 1) */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** integer in [min, max], both included */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** one of the items, each with its relative weight */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1][0];
  }

  /** normally distributed (Box-Muller) */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** index in [0, n) skewed towards 0: the larger `power`, the stronger the skew (1 = uniform) */
  skewedIndex(n: number, power: number): number {
    return Math.min(n - 1, Math.floor(n * this.next() ** power));
  }

  /** shuffles in place (Fisher-Yates) and returns the array */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }

  /** up to k distinct items, in random order */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle(items.slice()).slice(0, k);
  }
}

const streamHashes = new Map<string, number>();

/** The random stream of one record: same (seed, stream, id), same numbers. */
export function rngFor(seed: number, stream: string, id = 0): Random {
  let h = streamHashes.get(stream);
  if (h === undefined) {
    h = hashString(stream);
    streamHashes.set(stream, h);
  }
  return new Random(mix32(mix32(seed ^ h) + Math.imul(id, 0x9e3779b1)));
}
