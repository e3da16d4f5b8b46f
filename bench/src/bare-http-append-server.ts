/**
 * The event store's share of SaveFormSubmission, as a yardstick beside bare-http-insert-server.ts:
 * a bare Node HTTP server (no framework, no domain, no projections) that reads the JSON body and
 * appends it as one FormSubmitted-shaped event on a new stream (`form-submission-{uuid}`), the
 * same append a submission makes (es_append_new: one statement, one commit), on a database of its
 * own so that no projection follows these events. Run by the bench as
 * its own process: `node bare-http-append-server.js <databaseUrl>`; prints `listening on <url>`.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { migrate, openDatabase, PostgresEventStore } from '@storefront/eventstore';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: bare-http-append-server <databaseUrl>');

async function main() {
  // The API's pool size (pg-database's default), as the bare INSERT server's.
  const db = await openDatabase({ databaseUrl, poolSize: 10 });
  // Its own database (the bench's second scratch one): no projection follows these events.
  await migrate(db);
  const store = new PostgresEventStore(db);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const submissionId = randomUUID();
      store
        .append(`form-submission-${submissionId}`, [{ type: 'FormSubmitted', data: { submissionId, ...body, at: new Date().toISOString() } }], {
          streamType: 'form-submission',
          expectedVersion: 'no_stream',
          command: { commandId: randomUUID(), commandIdIsNew: true, correlationId: submissionId, causationId: null, actor: { kind: 'visitor', id: 'bench' } },
        })
        .then(
          () => {
            const out = JSON.stringify({ success: true });
            res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) }).end(out);
          },
          (error: Error) => res.writeHead(500).end(error.message),
        );
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address() as { port: number };
    console.log(`listening on http://127.0.0.1:${address.port}`);
  });
  process.on('SIGTERM', () => server.close(() => void db.close().then(() => process.exit(0))));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
