import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';

/**
 * The ids of the running processes whose command line has `-data <dataDir>`: the embedded
 * databases serving that folder (Linux `/proc`; test only).
 */
export function databaseProcesses(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile
    }
    const at = args.indexOf('-data');
    if (at >= 0 && args[at + 1] === dataDir && !isZombie(entry)) pids.push(Number(entry));
  }
  return pids;
}

/** True when the process has exited but was not reaped yet. */
function isZombie(pid: string): boolean {
  try {
    return /\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** The ids of `pid`'s child processes (`/proc/<pid>/task/<tid>/children`). */
export function childProcesses(pid: number): number[] {
  const children: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      children.push(...readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number));
    } catch {
      // the thread ended meanwhile
    }
  }
  return children;
}

/** The command line of process `pid`, its arguments joined by spaces; '' when it is gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Resolves once `check` holds (polled every 20 ms); rejects with `what` after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Listens on 127.0.0.1:`port` as soon as it is free (retrying for up to `ms`), to take it from a
 * restart: accepts connections and never answers. `close()` ends them and stops listening.
 */
export async function occupyPort(port: number, ms = 2000): Promise<{ close(): Promise<void> }> {
  const deadline = Date.now() + ms;
  for (;;) {
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      return {
        close: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            for (const socket of sockets) socket.destroy();
          }),
      };
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}
