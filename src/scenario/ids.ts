import { createHash } from 'node:crypto';

/** Meteor's `Random.id()` alphabet: no 0, 1, I, O, l, o, U, V… that read alike. */
const UNMISTAKABLE = '23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function derive(alphabet: string, length: number, parts: readonly (string | number)[]): string {
  let out = '';
  let counter = 0;
  while (out.length < length) {
    const digest = createHash('sha256')
      .update(`rocketchat-fake\0${parts.join('\0')}\0${counter}`)
      .digest();
    for (const byte of digest) {
      // rejection sampling keeps every character equally likely
      if (byte < 256 - (256 % alphabet.length)) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
    counter += 1;
  }
  return out;
}

/** A Meteor-style 17-character id that depends only on the seed, a kind and an index. */
export function meteorId(seed: number, kind: string, index: number): string {
  return derive(UNMISTAKABLE, 17, [seed, kind, index]);
}

/** A deterministic secret (webhook tokens), `length` alphanumeric characters. */
export function derivedSecret(seed: number, kind: string, index: number, length = 24): string {
  return derive(ALPHANUMERIC, length, [seed, `${kind}:secret`, index]);
}
