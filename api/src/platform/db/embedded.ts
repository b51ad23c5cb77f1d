import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { ensureDevdbBinary } from '../../../devdb/build.mjs';

/** A running embedded database: its URI (no database name) and how to stop it. */
export interface EmbeddedMongo {
  /** `mongodb://127.0.0.1:PORT/` */
  uri: string;
  /** The loopback port it listens on. */
  port: number;
  /** The child's process id. */
  pid: number;
  /** Stops the child with SIGTERM (SIGKILL after `graceMs`, default 5000 ms). */
  stop(graceMs?: number): Promise<void>;
}

export interface EmbeddedMongoOptions {
  /** Folder for the SQLite files; created when missing. */
  dataDir: string;
  /** Called when the child exits without `stop()` having been called (docs/architecture.md#running-it: "a crash of the child is reported clearly"). */
  onCrash?: (message: string) => void;
  /** Loopback port to listen on; default 0 (a free one). A restart asks for the port it had (`supervisor.ts`). */
  port?: number;
  /** Longest wait for the child to report its address, in ms (default 60000). */
  startTimeoutMs?: number;
  /**
   * False runs every query as FerretDB 1.24 does, without the pushdown to SQLite (the child's
   * `DEVDB_PUSHDOWN=off`, docs/architecture.md#the-embedded-database); default true.
   */
  pushdown?: boolean;
}

/** The child could not listen on the port it was given: another program holds it. */
export class EmbeddedPortInUseError extends Error {
  constructor(
    readonly port: number,
    detail: string,
  ) {
    super(`Port ${port} of the embedded database is taken by another program.\n${detail}`);
    this.name = 'EmbeddedPortInUseError';
  }
}

/**
 * Starts the embedded FerretDB-on-SQLite server (docs/architecture.md#running-it) as a child
 * process on a free loopback port (or `options.port`), building its binary first if needed.
 * Resolves once the server has printed its URI (it is listening by then).
 * @throws DevdbBuildError when Go is unavailable; EmbeddedPortInUseError when `options.port` is
 *   taken; Error when the child fails to start otherwise.
 */
export async function startEmbeddedMongo(options: EmbeddedMongoOptions): Promise<EmbeddedMongo> {
  const bin = ensureDevdbBinary();
  const child: ChildProcessWithoutNullStreams = spawn(bin, ['-data', join(options.dataDir), '-listen', `127.0.0.1:${options.port ?? 0}`, '-log-level', 'error'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { DEVDB_PUSHDOWN: options.pushdown === false ? 'off' : 'on' },
  });

  let stderrTail = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-4000);
  });

  let stopping = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const uri = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The embedded database did not start within ${options.startTimeoutMs ?? 60000} ms.\n${stderrTail}`));
    }, options.startTimeoutMs ?? 60000);
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve((JSON.parse(line) as { uri: string }).uri);
      } catch {
        reject(new Error(`The embedded database printed an unexpected line: ${line}`));
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`The embedded database could not be started: ${err.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      const detail = stderrTail.trim();
      if (options.port && /address already in use/i.test(detail)) reject(new EmbeddedPortInUseError(options.port, detail));
      else reject(new Error(`The embedded database exited with code ${code} before it was ready.\n${detail}`));
    });
  });

  void exited.then((code) => {
    if (stopping) return;
    const how = code === null ? `was killed by ${child.signalCode ?? 'a signal'}` : `exited unexpectedly with code ${code}`;
    const message = `The embedded database (FerretDB) ${how}.${stderrTail.trim() ? `\n${stderrTail.trim()}` : ''}`;
    if (options.onCrash) options.onCrash(message);
    else console.error(message);
  });

  return {
    uri,
    port: Number(new URL(uri).port),
    pid: child.pid ?? 0,
    async stop(graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
