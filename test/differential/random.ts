// Seeded choices for the generators, on the project's xorshift PRNG (test/support/mutate.ts): a case depends
// only on its seed, so any case can be regenerated from the seed printed with it.
import { seededRandom } from '../support/mutate';

export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  /** An integer in [0, below). */
  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** One of `weighted`'s keys, with probability proportional to its weight. */
  weighted<K extends string>(weighted: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weighted) as Array<[K, number]>;
    let left = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, weight] of entries) {
      left -= weight;
      if (left < 0) return key;
    }
    return entries[entries.length - 1][0];
  }

  /** Random bytes as hex without 0x. */
  hex(bytes: number): string {
    let out = '';
    for (let i = 0; i < bytes; i++) out += this.int(256).toString(16).padStart(2, '0');
    return out;
  }

  /** A 256-bit word, mostly from the edges of the range. */
  word(): bigint {
    return this.pick([
      () => 0n,
      () => 1n,
      () => 2n,
      () => BigInt(this.int(300)),
      () => 1n << 255n,
      () => (1n << 255n) - 1n,
      () => (1n << 256n) - 1n,
      () => (1n << 256n) - 2n,
      () => 1n << BigInt(this.int(256)),
      () => (1n << BigInt(this.int(256) + 1)) - 1n,
      () => BigInt('0x' + this.hex(32)),
      () => BigInt('0x' + this.hex(this.int(8) + 1)),
    ])();
  }
}
