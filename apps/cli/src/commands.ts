import type { EventStore, RecordedEvent, SqlExecutor } from '@storefront/eventstore';
import { formatCheckpoint, listDeadLetters, type ProjectionRunner, type VerifyResult } from '@storefront/projections';
import { textTable } from './text-table';

/**
 * The CLI's commands as plain functions: arguments in, exit code and text out, no process
 * globals, so they run in-process in tests.
 */
export type CommandResult = { exitCode: number; output: string };

const json = (value: unknown) => JSON.stringify(value);

/**
 * `verify [projection…]`: exit 0 with "verify: ok" lines, or 1 with a line per problem: a
 * projection stopped by its failure policy, one whose checkpoint is behind the log's head (as of
 * the start of verify), a rebuild that failed, or rows that differ from a rebuild (with the diff).
 */
export async function verifyCommand(runner: ProjectionRunner, names: string[] = []): Promise<CommandResult> {
  const results = await runner.verify(names);
  const lines = results.flatMap(describeVerify);
  return { exitCode: results.every((r) => r.ok && r.problems.length === 0) ? 0 : 1, output: lines.join('\n') };
}

function describeVerify(r: VerifyResult): string[] {
  const at = formatCheckpoint(r.checkpoint);
  const parked = r.deadLetters > 0 ? `; ${r.deadLetters} event(s) parked in dead letters, skipped by the rebuild too` : '';
  const lines: string[] = [];
  if (r.stopped !== null) lines.push(`verify: STOPPED ${r.name}: ${r.stopped.split('\n')[0]} (fix, then resume or rebuild it)`);
  if (r.behind) lines.push(`verify: BEHIND ${r.name}: checkpoint ${at} is before the log's head ${formatCheckpoint(r.headCheckpoint)}`);
  if (r.error) return [...lines, `verify: FAILED ${r.name}: ${r.error}`];
  if (r.ok) return lines.length > 0 ? [...lines, `verify: rows match ${r.name} (at ${at}${parked})`] : [`verify: ok ${r.name} (at ${at}${parked})`];
  lines.push(`verify: MISMATCH ${r.name} (at ${at}): ${r.mismatches} row(s) differ from a rebuild`);
  for (const m of r.missing) lines.push(`  - missing    ${m.table} ${json(m.row)}`);
  for (const u of r.unexpected) lines.push(`  + unexpected ${u.table} ${json(u.row)}`);
  for (const d of r.differing) {
    lines.push(`  ~ differs    ${d.table} ${json(d.key)}`, `      live:    ${json(d.live)}`, `      rebuilt: ${json(d.rebuilt)}`);
  }
  const shown = r.missing.length + r.unexpected.length + r.differing.length;
  if (shown < r.mismatches) lines.push(`  … ${r.mismatches - shown} more not shown`);
  return lines;
}

/** `rebuild <projection> [--restart]`: blue/green rebuild, then switch. */
export async function rebuildCommand(runner: ProjectionRunner, name: string, options: { restart?: boolean } = {}): Promise<CommandResult> {
  const started = Date.now();
  const r = await runner.rebuild(name, options);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return {
    exitCode: 0,
    output:
      `rebuild: ${r.name} switched to generation ${r.generation} (was ${r.previousGeneration}) at ${formatCheckpoint(r.checkpoint)}; ` +
      `${r.eventsApplied} events applied${r.resumed ? ' (resumed an interrupted rebuild)' : ''} in ${seconds} s`,
  };
}

/** `resume <projection>`: clear a 'stop' halt so the failed event is retried. */
export async function resumeCommand(runner: ProjectionRunner, name: string): Promise<CommandResult> {
  const wasStopped = await runner.resume(name);
  return {
    exitCode: 0,
    output: wasStopped ? `resume: ${name} will retry its failed event on the next round` : `resume: ${name} was not stopped; nothing to do`,
  };
}

/** `dead-letters [projection]`: the events projections parked (and skipped), oldest first. */
export async function deadLettersCommand(db: SqlExecutor, projection?: string): Promise<CommandResult> {
  const letters = await listDeadLetters(db, projection);
  if (letters.length === 0) return { exitCode: 0, output: `dead letters: none${projection ? ` for ${projection}` : ''}` };
  const blocks = letters.map((d) =>
    [
      `${d.projection}: event ${d.globalPosition} (${d.eventType}) of stream ${d.streamId}`,
      `  event id:  ${d.eventId}`,
      `  parked:    ${d.parkedAt.toISOString()} after ${d.attempts} attempt(s)`,
      `  error:     ${d.error.split('\n').join('\n             ')}`,
      '',
    ].join('\n'),
  );
  return { exitCode: 0, output: [`dead letters: ${letters.length}`, '', ...blocks].join('\n') };
}

/**
 * `status`: checkpoints, lag, leases, dead letters per projection, and the newest dead letter of
 * each projection that has some. Exit 1 if one is stopped.
 */
export async function statusCommand(runner: ProjectionRunner): Promise<CommandResult> {
  const statuses = await runner.status();
  const rows = statuses.map((s) => [
    s.name,
    String(s.generation),
    formatCheckpoint(s.checkpoint),
    String(s.lag),
    s.leaseOwner ? `${s.leaseOwner}${s.leaseActive ? '' : ' (expired)'}` : '-',
    String(s.deadLetters),
    s.stopped
      ? `STOPPED: ${s.error ?? ''}`
      : s.rebuilding
        ? `rebuilding g${s.rebuilding.generation} at ${formatCheckpoint(s.rebuilding.checkpoint)}`
        : s.version !== s.codeVersion
          ? `version ${s.version ?? '(none)'} != code ${s.codeVersion}: rebuilt by the next live round`
          : s.lag === 0
            ? 'up to date'
            : 'behind',
  ]);
  const head = statuses[0]?.headCheckpoint;
  const parked = statuses.flatMap((s) => {
    const d = s.lastDeadLetter;
    if (s.deadLetters === 0 || !d) return [];
    return [
      `${s.name}: ${s.deadLetters} event(s) parked and skipped; newest: event ${d.globalPosition} (${d.eventType}) of ${d.streamId}, ` +
        `${d.parkedAt.toISOString()}: ${d.error}`,
    ];
  });
  const output = [
    textTable(['projection', 'gen', 'checkpoint (tx/pos)', 'lag', 'lease', 'dead letters', 'state'], rows),
    '',
    `head: ${head ? formatCheckpoint(head) : '-'}   (lag = events of all types after the checkpoint)`,
    ...(parked.length > 0
      ? ['', 'dead letters (events a projection could not apply; `dead-letters` lists them, `rebuild` after a fix re-applies them):', ...parked.map((l) => `  ${l}`)]
      : []),
  ].join('\n');
  return { exitCode: statuses.some((s) => s.stopped) ? 1 : 0, output };
}

/** `stream <id>`: every event of a stream with its metadata, one block each. */
export async function streamCommand(store: EventStore, streamId: string): Promise<CommandResult> {
  const events = await store.readStream(streamId);
  if (events.length === 0) return { exitCode: 1, output: `stream ${streamId}: no events` };
  return { exitCode: 0, output: [`stream ${streamId}: ${events.length} event(s)`, '', ...events.map(formatEvent)].join('\n') };
}

/** `state-at <id> <ISO time>`: the stream as it was at a time: the events recorded up to it. */
export async function stateAtCommand(store: EventStore, streamId: string, isoTime: string): Promise<CommandResult> {
  const at = new Date(isoTime);
  if (Number.isNaN(at.getTime())) return { exitCode: 2, output: `state-at: not an ISO-8601 time: ${isoTime}` };
  const events = await store.readStream(streamId, { toTime: at });
  const all = await store.streamVersion(streamId);
  const header = `stream ${streamId} as of ${at.toISOString()}: version ${events.length} of ${all}`;
  if (events.length === 0) return { exitCode: all === 0 ? 1 : 0, output: `${header} (no events yet)` };
  return { exitCode: 0, output: [header, '', ...events.map(formatEvent)].join('\n') };
}

export function formatEvent(e: RecordedEvent): string {
  const m = e.metadata;
  const actor = m?.actor ? `${m.actor.kind}:${m.actor.id}` : '-';
  const data = JSON.stringify(e.data, null, 2).split('\n').join('\n    ');
  return [
    `#${e.streamPosition} ${e.type} (schema v${e.schemaVersion})`,
    `  recorded:    ${e.recordedAt.toISOString()}`,
    `  event id:    ${e.eventId}`,
    `  position:    global ${e.globalPosition}, transaction ${e.transactionId}`,
    `  command:     ${m?.commandId ?? '-'}`,
    `  correlation: ${m?.correlationId ?? '-'}   causation: ${m?.causationId ?? '-'}`,
    `  actor:       ${actor}${m?.requestId ? `   request: ${m.requestId}` : ''}`,
    `  data:        ${data}`,
    '',
  ].join('\n');
}
