import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * A process and what it started, for the CLI's `-c` mode: the command runs in the fake's own
 * process group and session (so a terminal's Ctrl-C, Ctrl-\ and Ctrl-Z reach it as they reach any
 * command), and a signal sent to the fake alone (`timeout`, a CI job cancelled) is passed on to the
 * command's whole tree, found by parent ids, instead of a process group of its own.
 *
 * Layer: faces (the CLI's). Nothing of the world or of HTTP.
 */

/** The processes started by `pid`, at any depth, parents before children (`ps`; none where it is missing). */
export function descendantsOf(pid: number): number[] {
  let table: string;
  try {
    table = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const line of table.split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (child === undefined || parent === undefined || !Number.isInteger(child) || !Number.isInteger(parent))
      continue;
    const list = children.get(parent);
    if (list) list.push(child);
    else children.set(parent, [child]);
  }
  const found: number[] = [];
  const queue = [pid];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const child of children.get(next) ?? []) {
      if (found.includes(child) || child === pid) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Sends a signal to each process; one that has ended already is skipped. */
export function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // ended already
    }
  }
}

/**
 * When a process started (Linux's /proc: clock ticks since boot), to tell it from a later process
 * given the same id once it has ended; undefined where there is no /proc or it has ended.
 */
export function startOf(pid: number): string | undefined {
  const stat = procStat(pid);
  // the fields after the command's name: state is the 3rd field, start time the 22nd
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/**
 * The processes of `reached` (each id with its start, {@link startOf}) still running: an ended one
 * not yet reaped counts as ended, and so does a process that now has the id of one that ended.
 */
export function stillRunning(reached: ReadonlyMap<number, string | undefined>): number[] {
  return [...reached].flatMap(([pid, started]) => {
    try {
      process.kill(pid, 0);
    } catch {
      // ended, or (EPERM) a pid reused by another user's process: not ours to wait for
      return [];
    }
    const stat = procStat(pid);
    if (stat === undefined) return [pid];
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' || (started !== undefined && fields[19] !== started) ? [] : [pid];
  });
}

/** A process's /proc/PID/stat line (Linux); undefined elsewhere or once it has ended. */
function procStat(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
}
