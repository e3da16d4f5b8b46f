/**
 * The least any HTTP add-to-cart can do, as a yardstick for commerce-http.bench.ts: a bare Node
 * HTTP server (no framework, no domain) that reads the JSON body, INSERTs it as one row into
 * `bench_baseline` and answers a small JSON document. Run by the bench as its own process, like
 * the real server: `node bare-http-insert-server.js <databaseUrl>`; prints `listening on <url>`.
 */
import http from 'node:http';
import pg from 'pg';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: bare-http-insert-server <databaseUrl>');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    pool.query('INSERT INTO bench_baseline (data) VALUES ($1::jsonb) RETURNING id', [body]).then(
      ({ rows }) => {
        const out = JSON.stringify({ id: rows[0].id, entry: JSON.parse(body) });
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
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
