import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Files this process keeps for its next start (the world cache, the code cache) in a directory
 * only this user can write to: by default under the shared temporary directory, where another user
 * could plant a file for us to load. A directory or file that is not ours is passed over, never
 * trusted. Best effort throughout: what cannot be read or written is passed over, never an error.
 *
 * Layer: base. Imports nothing of ours.
 */

/**
 * The directory one kind of kept file goes to, as its environment variable says: a directory, or
 * `off` (`false`, `0`, `no`) for none; unset or empty, `<tmpdir>/rocketchat-fake-<uid>/<kind>`, one
 * per user, so that on a machine several users share, the first one's private directory does not
 * leave the others without (`<tmpdir>/rocketchat-fake/<kind>` where there are no user ids: Windows).
 */
export function keepDir(kind: 'worlds' | 'code', setting: string | undefined): string | undefined {
  if (setting !== undefined && setting !== '') {
    return ['off', 'false', '0', 'no'].includes(setting.toLowerCase()) ? undefined : setting;
  }
  const user = process.getuid === undefined ? '' : `-${process.getuid()}`;
  return join(tmpdir(), `rocketchat-fake${user}`, kind);
}

/** Owned by this user and writable by nobody else (no group or other write bit). */
function ours(stats: Stats): boolean {
  // Windows has no owners or mode bits to speak of (libuv reports 0o666/0o777): nothing to check
  if (process.getuid === undefined) return true;
  return stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
}

const warned = new Set<string>();

/** Says once per directory why it is passed over. */
function passOver(what: string, dir: string, why: string): false {
  if (!warned.has(dir)) {
    warned.add(dir);
    process.stderr.write(`[rocketchat-fake] ${what} ${dir} not used: ${why}\n`);
  }
  return false;
}

/**
 * Whether the directory is ours to trust: a real directory (not a link), which this user owns and
 * nobody else can write, made private if it did not exist. `what` names it in the one warning.
 */
export function usableDir(what: string, dir: string): boolean {
  try {
    makeDir(dir);
    const stats = lstatSync(dir);
    if (!stats.isDirectory()) return passOver(what, dir, 'it is not a directory (a link?)');
    if (!ours(stats))
      return passOver(what, dir, 'another user owns it, or others can write to it (chmod go-w)');
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes the directory (private) and any missing parent, as `mkdirSync(dir, {recursive: true})`
 * does, but tries each directory once: Node 20's recursive mkdir never returns where the system
 * answers ENOENT for a directory whose parent is there (any path under /proc), which would hang
 * the start. Throws what the last try met.
 */
function makeDir(dir: string): void {
  const make = (): boolean => {
    try {
      mkdirSync(dir, { mode: 0o700 });
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return true;
      if (code === 'ENOENT' && dirname(dir) !== dir) return false;
      throw error;
    }
  };
  if (make()) return;
  makeDir(dirname(dir)); // a parent is missing: make it, then try once more
  if (!make()) throw new Error(`cannot make ${dir}`);
}

/** A kept file's bytes: opened without following a link, and only a regular file that is ours. */
export function readOurs(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined; // none yet
  }
  try {
    const stats = fstatSync(fd);
    return stats.isFile() && ours(stats) ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Keeps bytes in a file of a usable directory: written whole to a new file of a random name (a
 * planted link is never followed), then renamed into place, so a reader sees the old file or the
 * new one, never half of one. Then only the `keep` most recently written files whose names
 * match `kept` stay. False when nothing was written.
 */
export function writeOurs(file: string, bytes: Uint8Array, kept: RegExp, keep: number): boolean {
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(partial, bytes, { mode: 0o600, flag: 'wx' });
    renameSync(partial, file);
  } catch {
    try {
      unlinkSync(partial);
    } catch {
      // nothing was written
    }
    return false;
  }
  try {
    prune(join(file, '..'), kept, keep);
  } catch {
    // another process pruned the same directory meanwhile
  }
  return true;
}

/** Drops the least recently written files beyond `keep`. */
function prune(dir: string, kept: RegExp, keep: number): void {
  const files = readdirSync(dir)
    .filter((name) => kept.test(name))
    .map((name) => ({ file: join(dir, name), at: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { file } of files.slice(keep)) unlinkSync(file);
}
