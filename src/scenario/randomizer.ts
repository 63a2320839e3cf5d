import type { Randomizer } from '@faker-js/faker';

/**
 * A small, fast, seedable generator for faker (sfc32, seeded through a murmur-style integer mix).
 * Faker's own Mersenne Twister costs tens of microseconds per re-seed, and generation re-seeds
 * once per entity; this one costs nothing to seed, and its output depends only on the seed words,
 * so entities stay byte-identical across machines and runs.
 */
export class Sfc32Randomizer implements Randomizer {
  #a = 0;
  #b = 0;
  #c = 0;
  #d = 0;

  constructor(seed: number | number[] = 0) {
    this.seed(seed);
  }

  seed(seed: number | number[]): void {
    const words = Array.isArray(seed) ? seed : [seed];
    let h = 0x9e3779b9 ^ words.length;
    const state: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      for (const word of words) h = Math.imul(h ^ (word >>> 0), 0x85ebca6b) ^ (h >>> 13);
      h = Math.imul(h ^ (h >>> 16), 0xc2b2ae35) ^ (i + 1);
      state.push(h >>> 0);
    }
    [this.#a, this.#b, this.#c, this.#d] = state as [number, number, number, number];
    for (let i = 0; i < 12; i += 1) this.next();
  }

  next(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
}
