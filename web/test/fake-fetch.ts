/**
 * A fake `fetch` for component tests (the owner app's and the islands'): answers by
 * "METHOD /api/path", records every request.
 */
/** A fake answer: JSON with a status (200 unless said). */
export type FakeAnswer = { status?: number; body?: unknown };
/** Answers by "METHOD /api/path" (query string included when the request has one); a function also sees the request's headers, and may answer later. */
export type FakeServer = Record<string, FakeAnswer | ((body: unknown, headers: Headers) => FakeAnswer | Promise<FakeAnswer>)>;
/** A request as the fake server saw it; `ifMatch` is its If-Match header (the version a save was based on), null without one. */
export type FakeCall = { method: string; path: string; body: unknown; ifMatch: string | null };

/**
 * Replaces `fetch` with `server`'s answers for component tests; requests it does not know answer
 * 404 and are listed in `unknown`. Every request is recorded in `calls`.
 */
export function fakeFetch(server: FakeServer) {
  const calls: FakeCall[] = [];
  const unknown: string[] = [];
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const url = new URL(request.url, 'http://localhost');
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text === '' ? undefined : (JSON.parse(text) as unknown);
    const key = `${request.method} ${url.pathname}${url.search}`;
    calls.push({ method: request.method, path: `${url.pathname}${url.search}`, body, ifMatch: request.headers.get('If-Match') });
    const entry = server[key];
    if (!entry) unknown.push(key);
    const answer = typeof entry === 'function' ? await entry(body, request.headers) : (entry ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } });
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls, unknown, fetchMock };
}
