import { Sfc32Randomizer } from './randomizer';

/** Meteor's `Random.id()` alphabet: no 0, 1, I, O, l, o, U, V… that read alike. */
const UNMISTAKABLE = '23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 32-bit FNV-1a hash of a kind name, to seed with. */
function kindCode(kind: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < kind.length; i += 1) h = Math.imul(h ^ kind.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const generator = new Sfc32Randomizer();

function derive(alphabet: string, length: number, seed: number, kind: string, index: number): string {
  generator.seed([seed, kindCode(kind), index]);
  const out: string[] = [];
  for (let i = 0; i < length; i += 1)
    out.push(alphabet[Math.floor(generator.next() * alphabet.length)] ?? '');
  // joined, not appended: one flat string instead of a chain of concatenations (memory at scale)
  return out.join('');
}

/** A Meteor-style 17-character id that depends only on the seed, a kind and an index. */
export function meteorId(seed: number, kind: string, index: number): string {
  return derive(UNMISTAKABLE, 17, seed, kind, index);
}

/** An incoming webhook's token: Meteor's `Random.id(48)`, from the seed, a kind and an index. */
export function webhookToken(seed: number, kind: string, index: number): string {
  return derive(UNMISTAKABLE, 48, seed, `${kind}:token`, index);
}

/** A deterministic secret (webhook tokens), `length` alphanumeric characters. */
export function derivedSecret(seed: number, kind: string, index: number, length = 24): string {
  return derive(ALPHANUMERIC, length, seed, `${kind}:secret`, index);
}
