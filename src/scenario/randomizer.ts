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
    // indexed loops and plain assignments: a generated world seeds once per entity and per id
    let h = 0x9e3779b9 ^ words.length;
    const state = [0, 0, 0, 0];
    for (let i = 0; i < 4; i += 1) {
      for (let w = 0; w < words.length; w += 1)
        h = Math.imul(h ^ ((words[w] ?? 0) >>> 0), 0x85ebca6b) ^ (h >>> 13);
      h = Math.imul(h ^ (h >>> 16), 0xc2b2ae35) ^ (i + 1);
      state[i] = h >>> 0;
    }
    this.#a = state[0] ?? 0;
    this.#b = state[1] ?? 0;
    this.#c = state[2] ?? 0;
    this.#d = state[3] ?? 0;
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
