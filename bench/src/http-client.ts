/** A small keep-alive HTTP/JSON client and latency statistics for the HTTP benchmarks. */
import http from 'node:http';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer read loosely, as supertest's res.body
export type JsonResponse = { status: number; body: any; setCookies: string[] };

export class BenchClient {
  private readonly agent: http.Agent;

  constructor(private readonly baseUrl: string, maxSockets: number) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return this.send(method, path, payload, { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers });
  }

  /** A request with a body as it is (`payload` text, its content type among `headers`). */
  send(method: string, path: string, payload: string | undefined, headers: Record<string, string> = {}): Promise<JsonResponse> {
    const url = new URL(path, this.baseUrl);
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method,
          agent: this.agent,
          headers: { ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              // not JSON: keep the text
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, setCookies: ([] as string[]).concat(res.headers['set-cookie'] ?? []) });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export function cookieNamed(response: JsonResponse, name: string): string | undefined {
  return response.setCookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${name}=`));
}

/** The q-quantile (0..1) of latencies in ms, nearest-rank. */
export function percentile(latencies: number[], q: number): number {
  if (latencies.length === 0) return NaN;
  const sorted = [...latencies].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}
