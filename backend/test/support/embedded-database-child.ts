import { EmbeddedDatabase } from '../../src/database/embedded-postgres';

/**
 * The embedded PostgreSQL started the way main.ts starts it, in a process of its own (run through
 * ts-child.cjs) that a test can kill with SIGKILL: DATA_DIR and EMBEDDED_PG_PORT from the
 * environment. Prints 'ready' once the database answers, then waits.
 */
async function main(): Promise<void> {
  const database = new EmbeddedDatabase(process.env.DATA_DIR!, Number(process.env.EMBEDDED_PG_PORT), {
    log: (message) => process.stderr.write(`${message}\n`),
    warn: (message) => process.stderr.write(`${message}\n`),
  });
  await database.start();
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => void database.stop().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
