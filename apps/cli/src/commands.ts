import type { EventStore, RecordedEvent } from '@storefront/eventstore';
import { formatCheckpoint, type ProjectionRunner, type VerifyResult } from '@storefront/projections';
import { textTable } from './text-table';

/**
 * The CLI's commands as plain functions: arguments in, exit code and text out, no process
 * globals, so they run in-process in tests.
 */
export type CommandResult = { exitCode: number; output: string };

const json = (value: unknown) => JSON.stringify(value);

/** `verify [projection…]`: exit 0 with "verify: ok" lines, or 1 with a printed diff. */
export async function verifyCommand(runner: ProjectionRunner, names: string[] = []): Promise<CommandResult> {
  const results = await runner.verify(names);
  const lines = results.flatMap(describeVerify);
  return { exitCode: results.every((r) => r.ok) ? 0 : 1, output: lines.join('\n') };
}

function describeVerify(r: VerifyResult): string[] {
  const at = formatCheckpoint(r.checkpoint);
  if (r.ok) return [`verify: ok ${r.name} (at ${at})`];
  if (r.error) return [`verify: FAILED ${r.name}: ${r.error}`];
  const lines = [`verify: MISMATCH ${r.name} (at ${at}): ${r.mismatches} row(s) differ from a rebuild`];
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
  await runner.resume(name);
  return { exitCode: 0, output: `resume: ${name} will retry its failed event on the next round` };
}

/** `status`: checkpoints, lag, leases, dead letters per projection. Exit 1 if one is stopped. */
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
        : s.lag === 0
          ? 'up to date'
          : 'behind',
  ]);
  const head = statuses[0]?.headCheckpoint;
  const output = [
    textTable(['projection', 'gen', 'checkpoint (tx/pos)', 'lag', 'lease', 'dead letters', 'state'], rows),
    '',
    `head: ${head ? formatCheckpoint(head) : '-'}   (lag = events of all types after the checkpoint)`,
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
