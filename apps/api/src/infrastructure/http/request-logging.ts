import { randomUUID } from 'node:crypto';
import type { NextFunction, Response } from 'express';
import type { AppRequest } from './request-context';

export type LogLine = Record<string, unknown> & { level: 'info' | 'warn' | 'error'; msg: string };

/** One JSON line per event on stdout: what log shippers expect. */
export function structuredLogger(silent: boolean) {
  return (line: LogLine) => {
    if (!silent) process.stdout.write(JSON.stringify({ time: new Date().toISOString(), ...line }) + '\n');
  };
}

/** Gives each request an id (or keeps a sane incoming X-Request-Id) and logs it when it finishes. */
export function requestLogging(log: (line: LogLine) => void) {
  return (req: AppRequest, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    req.state = { requestId: incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID() };
    res.setHeader('X-Request-Id', req.state.requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      log({
        level: res.statusCode >= 500 ? 'error' : 'info',
        msg: 'request',
        requestId: req.state.requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        actor: req.state.owner ? `owner:${req.state.owner.id}` : undefined,
      });
    });
    next();
  };
}
