import { spawn } from 'node:child_process';
import { descendantsOf, signalAll, startOf, stillRunning } from '../src/process-tree';

/** A `sleep` started by a shell started by this process, both running once it resolves. */
async function shellWithSleep(): Promise<{ shell: number; exited: Promise<void> }> {
  const child = spawn('sh', ['-c', 'sleep 30 & echo started; wait'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  if (child.pid === undefined) throw new Error('the shell did not start');
  return { shell: child.pid, exited };
}

describe('the -c command’s process tree (Linux)', () => {
  it('finds what a command started, at any depth, and tells a running process by its start', async () => {
    const { shell, exited } = await shellWithSleep();
    const tree = descendantsOf(process.pid);
    expect(tree).toContain(shell);
    const below = descendantsOf(shell);
    expect(below).toHaveLength(1);
    const [sleep] = below as [number];
    const started = startOf(sleep);
    expect(started).toMatch(/^\d+$/);
    // the same id with another start is a later process, not the one reached: neither waited for
    // nor killed
    expect(stillRunning(new Map([[sleep, started]]))).toEqual([sleep]);
    expect(stillRunning(new Map([[sleep, `${Number(started) + 1}`]]))).toEqual([]);
    // without a start (no /proc when it was reached), a live id counts as running
    expect(stillRunning(new Map([[sleep, undefined]]))).toEqual([sleep]);
    signalAll([sleep, shell], 'SIGKILL');
    await exited;
    expect(stillRunning(new Map([[shell, startOf(shell)]]))).toEqual([]);
    expect(startOf(shell)).toBeUndefined();
  });
});
