import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppRequest } from './request-context';

/**
 * One JSON line per event on stdout, written asynchronously (pino with a buffered destination), so
 * logging never blocks the event loop on a slow pipe. `flush()` before the process exits.
 */
export function createStructuredLogger(
  silent: boolean,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false, minLength: 4096 }),
): Logger {
  if (silent) return pino({ enabled: false });
  return pino(
    {
      base: undefined,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

const INCOMING_ID = /^[\w-]{1,64}$/;

/**
 * Gives each request an id (or keeps a sane incoming X-Request-Id), answers it in X-Request-Id,
 * and logs the request when its response has been sent: method, path, status, duration, actor.
 */
export function installRequestLogging(fastify: FastifyInstance, log: Logger): void {
  fastify.decorateRequest('state', null);
  fastify.addHook('onRequest', (request, reply, done) => {
    const incoming = request.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    (request as AppRequest).state = { requestId };
    reply.header('X-Request-Id', requestId);
    done();
  });
  if (!log.isLevelEnabled('info')) return;
  fastify.addHook('onResponse', (request, reply, done) => {
    const { state } = request as AppRequest;
    const status = reply.statusCode;
    const line = {
      requestId: state.requestId,
      method: request.method,
      path: request.url.split('?', 1)[0],
      status,
      durationMs: reply.elapsedTime,
      actor: state.owner ? `owner:${state.owner.id}` : undefined,
    };
    if (status >= 500) log.error(line, 'request');
    else log.info(line, 'request');
    done();
  });
}
