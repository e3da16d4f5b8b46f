import { PostgresEventStore, type Database } from '@storefront/eventstore';
import { ProjectionRunner, allProjections, type RunnerLogger } from '@storefront/projections';
import { loadCliDatabaseConfig, openCliDatabase } from './cli-database';
import {
  deadLettersCommand,
  rebuildCommand,
  resumeCommand,
  stateAtCommand,
  statusCommand,
  streamCommand,
  verifyCommand,
  type CommandResult,
} from './commands';

export const USAGE = `Usage: npm run cli -- <command>

  status                          checkpoints, lag, leases and dead letters per projection
                                  (exit 1 if one is stopped)
  verify [projection…]            rebuild into scratch tables and compare with the live read models;
                                  exit 1 with a line per problem: a diff, a stopped projection, or one
                                  whose checkpoint is behind the log's head
  rebuild <projection> [--restart] blue/green rebuild from the first event, then switch
  resume <projection>             clear a stopped projection so it retries its failed event
  dead-letters [projection]       the events projections could not apply, parked and skipped
  stream <streamId>               a stream's events with their metadata
  state-at <streamId> <ISO time>  a stream's events up to a time

Environment: DATABASE_URL (PostgreSQL server), else PGlite in DATA_DIR (default ./.data; the
server must be stopped: one process per data directory; --force skips that check).`;

/** Progress lines go to stderr so stdout carries only the command's result. */
const stderrLogger: RunnerLogger = {
  info: (m) => process.stderr.write(`${m}\n`),
  warn: (m, e) => process.stderr.write(`warning: ${m}${e instanceof Error ? `: ${e.message}` : ''}\n`),
  error: (m, e) => process.stderr.write(`error: ${m}${e instanceof Error ? `: ${e.message}` : ''}\n`),
};

/** Parses argv (without node and script), opens the database, runs one command, closes. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<CommandResult> {
  const force = argv.includes('--force');
  const restart = argv.includes('--restart');
  const [command, ...args] = argv.filter((a) => a !== '--force' && a !== '--restart');
  if (!command || command === 'help' || command === '--help' || command === '-h') return { exitCode: command ? 0 : 2, output: USAGE };

  const needs = (n: number, what: string): CommandResult | null =>
    args.length < n ? { exitCode: 2, output: `${command}: missing ${what}\n\n${USAGE}` } : null;
  const missing =
    command === 'rebuild' || command === 'resume'
      ? needs(1, '<projection>')
      : command === 'stream'
        ? needs(1, '<streamId>')
        : command === 'state-at'
          ? needs(2, '<streamId> <ISO time>')
          : ['status', 'verify', 'dead-letters'].includes(command)
            ? null
            : { exitCode: 2, output: `Unknown command ${command}\n\n${USAGE}` };
  if (missing) return missing;

  let db: Database;
  try {
    db = await openCliDatabase(loadCliDatabaseConfig(env), { force });
  } catch (err) {
    return { exitCode: 3, output: `Cannot open the database: ${(err as Error).message}` };
  }
  try {
    return await runCommand(db, command, args, { restart });
  } catch (err) {
    return { exitCode: 1, output: `${command}: ${(err as Error).message}` };
  } finally {
    await db.close();
  }
}

/** Runs one command against an open, migrated database (what tests call). */
export async function runCommand(db: Database, command: string, args: string[], options: { restart?: boolean } = {}): Promise<CommandResult> {
  const store = new PostgresEventStore(db);
  const runner = () => new ProjectionRunner({ db, store, projections: allProjections(), logger: stderrLogger, instanceId: `cli:${process.pid}` });
  switch (command) {
    case 'status':
      return statusCommand(runner());
    case 'verify':
      return verifyCommand(runner(), args);
    case 'rebuild':
      return rebuildCommand(runner(), args[0], options);
    case 'resume':
      return resumeCommand(runner(), args[0]);
    case 'dead-letters':
      return deadLettersCommand(db, args[0]);
    case 'stream':
      return streamCommand(store, args[0]);
    case 'state-at':
      return stateAtCommand(store, args[0], args[1]);
    default:
      return { exitCode: 2, output: `Unknown command ${command}\n\n${USAGE}` };
  }
}
