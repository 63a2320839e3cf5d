import { createHash } from 'node:crypto';

/**
 * The fake's own address in a contract's examples. An answer names the address the client reached
 * (an avatar's URL, `/api/info`'s `workspaceUrl` and its hash), and that holds a port chosen
 * when the fake started: written as it came, the same test would write another contract on every
 * run. The examples use Rocket.Chat's default `Site_Url` instead; the matching rules already match
 * such strings by type, so the provider's own address verifies.
 *
 * Layer: world (src/pact). Plain data in, plain data out.
 */

/** The host a contract's examples name (Rocket.Chat's default `Site_Url`, without the scheme). */
export const EXAMPLE_HOST = 'localhost:3000';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const EXAMPLE_HASH = sha256(EXAMPLE_HOST);

/** The last host's hash and pattern: a server answers on one address, so each is made once. */
let known: { host: string; hashed: string; inUrl: RegExp } | undefined;

function hostFacts(host: string): { hashed: string; inUrl: RegExp } {
  if (known?.host !== host)
    known = {
      host,
      hashed: sha256(host),
      // the host right after a scheme, and ending there (not `host:30001` for `host:3000`)
      inUrl: new RegExp(`(https?://)${escape(host)}(?=[/?#]|$)`, 'g'),
    };
  return known;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * `value` with the fake's own `host` (the request's `Host` header) written as {@link EXAMPLE_HOST}
 * in every string: in URLs (`http://host/…`, `https://host/…`), as a whole value, and as its
 * SHA-256 (`hashedWorkspaceUrl`). Without a host, or with the example's own, the value as it is.
 */
export function withExampleHost(value: Json, host: string | undefined): Json {
  if (host === undefined || host === '' || host === EXAMPLE_HOST) return value;
  const { hashed, inUrl } = hostFacts(host);
  const rewrite = (text: string): string => {
    if (text === host) return EXAMPLE_HOST;
    if (text === hashed) return EXAMPLE_HASH;
    return text.includes(host) ? text.replace(inUrl, `$1${EXAMPLE_HOST}`) : text;
  };
  const walk = (node: Json): Json => {
    if (typeof node === 'string') return rewrite(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: { [key: string]: Json } = {};
    for (const [key, child] of Object.entries(node)) out[key] = walk(child);
    return out;
  };
  return walk(value);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
