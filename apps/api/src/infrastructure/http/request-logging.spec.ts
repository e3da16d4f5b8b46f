import fastify from 'fastify';
import { createStructuredLogger, installRequestLogging } from './request-logging';
import type { AppRequest } from './request-context';

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

describe('request logging', () => {
  it('logs one JSON line per request after the response: id, method, path, status, duration, actor', async () => {
    const { lines, stream } = capture();
    const app = fastify();
    installRequestLogging(app, createStructuredLogger(false, stream));
    app.get('/things/:id', async (request) => {
      (request as AppRequest).state.owner = { id: 'o-1', email: 'o@example.com', roles: ['admin'], sessionId: 's' };
      return { ok: true };
    });
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    const ok = await app.inject({ url: '/things/7?secret=no', headers: { 'x-request-id': 'abc-1' } });
    expect(ok.headers['x-request-id']).toBe('abc-1');
    await app.inject({ url: '/boom' });
    await app.close();

    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'request', requestId: 'abc-1', method: 'GET', path: '/things/7', status: 200, actor: 'owner:o-1' });
    expect(typeof lines[0]!.durationMs).toBe('number');
    expect(new Date(lines[0]!.time as string).toISOString()).toBe(lines[0]!.time);
    expect(lines[1]).toMatchObject({ level: 'error', path: '/boom', status: 500 });
    expect(lines[1]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes nothing when silent', async () => {
    const { lines, stream } = capture();
    const app = fastify();
    installRequestLogging(app, createStructuredLogger(true, stream));
    app.get('/', async () => 'hi');
    const res = await app.inject({ url: '/' });
    expect(res.headers['x-request-id']).toBeDefined();
    await app.close();
    expect(lines).toEqual([]);
  });
});
