import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One assessment request the stand-in received. */
export type AssessmentRequest = { path: string; key: string | null; body: { event?: { token?: string; siteKey?: string; expectedAction?: string } } };

/** What the stand-in answers for a token: an assessment, or an HTTP error. */
export type StandInAnswer =
  | { kind: 'assessment'; valid: boolean; action?: string; score?: number; invalidReason?: string }
  | { kind: 'status'; status: number; body?: string };

export type RecaptchaStandIn = {
  /** For RECAPTCHA_VERIFY_URL: `http://127.0.0.1:PORT/v1/projects/{projectId}/assessments`. */
  readonly verifyUrl: string;
  readonly requests: AssessmentRequest[];
  /** Tokens the stand-in knows; any other token is answered as Google answers a malformed one (valid: false). */
  readonly tokens: Map<string, StandInAnswer>;
  close(): Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for the reCAPTCHA Enterprise assessment endpoint (projects.assessments.create),
 * which cannot be reached from here: it answers the documented shape (`tokenProperties.valid`,
 * `.action`, `.invalidReason`, `riskAnalysis.score`) for the tokens a test registers.
 */
export async function startRecaptchaStandIn(): Promise<RecaptchaStandIn> {
  const requests: AssessmentRequest[] = [];
  const tokens = new Map<string, StandInAnswer>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const text = await readBody(req);
      let body: AssessmentRequest['body'];
      try {
        body = JSON.parse(text) as AssessmentRequest['body'];
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"code":400,"message":"Invalid JSON payload"}}');
        return;
      }
      requests.push({ path: url.pathname, key: url.searchParams.get('key'), body });
      if (req.method !== 'POST' || !/^\/v1\/projects\/[^/]+\/assessments$/.test(url.pathname)) {
        res.writeHead(404).end();
        return;
      }
      const token = body.event?.token ?? '';
      const answer = tokens.get(token) ?? { kind: 'assessment', valid: false, invalidReason: 'MALFORMED' };
      if (answer.kind === 'status') {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body ?? '{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          name: `${url.pathname}/0123456789abcdef`,
          event: { token, siteKey: body.event?.siteKey, expectedAction: body.event?.expectedAction },
          riskAnalysis: { score: answer.score ?? 0, reasons: [] },
          tokenProperties: {
            valid: answer.valid,
            invalidReason: answer.valid ? 'INVALID_REASON_UNSPECIFIED' : (answer.invalidReason ?? 'MALFORMED'),
            hostname: '127.0.0.1',
            action: answer.action ?? '',
            createTime: new Date().toISOString(),
          },
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    verifyUrl: `http://127.0.0.1:${port}/v1/projects/{projectId}/assessments`,
    requests,
    tokens,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
