import { simpleParser } from 'mailparser';
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One message a test SMTP server accepted, parsed. */
export type ReceivedMail = {
  /** The SMTP envelope: MAIL FROM and RCPT TO as sent. */
  envelope: { from: string; to: string[] };
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  messageId?: string;
  /** Every header line as received (to check nothing was injected). */
  headerLines: string[];
  raw: string;
};

/**
 * What the server answers: accept everything; refuse each recipient with a permanent (5xx) or a
 * temporary (4xx) code; or refuse the message after its data.
 */
export type SmtpBehaviour = { kind: 'accept' } | { kind: 'refuse-recipient'; code: number; message?: string } | { kind: 'refuse-data'; code: number; message?: string };

export type TestSmtpServer = {
  /** `smtp://127.0.0.1:PORT` for SMTP_URL. */
  readonly url: string;
  readonly port: number;
  /** Accepted messages, in the order they arrived. */
  readonly received: ReceivedMail[];
  /** How many messages reached the end of their data (accepted or refused there). */
  readonly dataAttempts: number;
  /** How many connections clients opened. */
  readonly connections: number;
  /** The most messages that were between the start of their data and the server's answer at once (since `resetMaxInFlight`). */
  readonly maxInFlight: number;
  resetMaxInFlight(): void;
  behaviour: SmtpBehaviour;
  /** How long the server takes to answer a message's data (0: at once). */
  answerDelayMs: number;
  /** Resolves once `count` messages were accepted (rejects after `timeoutMs`). */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops listening (the port is then down until `start`). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
};

/** A TCP port nothing listens on right now (for "the server is down"). */
export async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * A real SMTP server process part (the `smtp-server` package) on 127.0.0.1, plain text, no
 * authentication required (any credentials in the URL are accepted), that parses what it receives.
 * `port` 0 picks a free one; pass a port to come up where an app already points (a server that was down).
 */
export async function startSmtpServer(options: { port?: number; behaviour?: SmtpBehaviour } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let dataAttempts = 0;
  let connections = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let server: SMTPServer | null = null;
  let port = options.port ?? 0;

  const settle = () => {
    for (const waiter of [...waiters]) {
      if (received.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  const handle: TestSmtpServer = {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    received,
    get dataAttempts() {
      return dataAttempts;
    },
    get connections() {
      return connections;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    resetMaxInFlight() {
      maxInFlight = inFlight;
    },
    behaviour: options.behaviour ?? { kind: 'accept' },
    answerDelayMs: 0,
    waitForMessages(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`SMTP test server: ${received.length} of ${count} messages after ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(received.slice())) });
      });
    },
    async start() {
      const serverOptions: SMTPServerOptions = {
        secure: false,
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        size: 10 * 1024 * 1024,
        closeTimeout: 1_000,
        onConnect(_session, callback) {
          connections += 1;
          callback();
        },
        onAuth(_auth, _session, callback) {
          callback(null, { user: 'test' });
        },
        onRcptTo(_address, _session, callback) {
          const b = handle.behaviour;
          if (b.kind === 'refuse-recipient') return callback(smtpError(b.code, b.message ?? 'Recipient refused by the test server'));
          callback();
        },
        onData(stream, session, done) {
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          const callback = (error?: Error | null) => {
            const answer = () => {
              inFlight -= 1;
              done(error);
            };
            if (handle.answerDelayMs > 0) setTimeout(answer, handle.answerDelayMs);
            else answer();
          };
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            dataAttempts += 1;
            const b = handle.behaviour;
            if (b.kind === 'refuse-data') return callback(smtpError(b.code, b.message ?? 'Message refused by the test server'));
            const raw = Buffer.concat(chunks).toString('utf8');
            simpleParser(raw)
              .then((mail) => {
                const addresses = (value: typeof mail.to): string[] =>
                  (value === undefined ? [] : Array.isArray(value) ? value : [value]).flatMap((a) => a.value.map((v) => v.address ?? ''));
                received.push({
                  envelope: {
                    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                    to: session.envelope.rcptTo.map((r) => r.address),
                  },
                  from: mail.from?.text ?? '',
                  to: addresses(mail.to),
                  ...(mail.replyTo ? { replyTo: mail.replyTo.value[0]?.address } : {}),
                  subject: mail.subject ?? '',
                  text: (mail.text ?? '').replace(/\n$/, ''),
                  ...(typeof mail.html === 'string' ? { html: mail.html } : {}),
                  ...(mail.messageId ? { messageId: mail.messageId } : {}),
                  headerLines: mail.headerLines.map((h) => h.line),
                  raw,
                });
                callback();
                settle();
              })
              .catch((error: Error) => callback(error));
          });
        },
      };
      const next = new SMTPServer(serverOptions);
      next.on('error', () => undefined);
      await new Promise<void>((resolve, reject) => {
        next.once('error', reject);
        next.listen(port, '127.0.0.1', () => resolve());
      });
      port = (next.server.address() as AddressInfo).port;
      server = next;
    },
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await handle.start();
  return handle;
}
