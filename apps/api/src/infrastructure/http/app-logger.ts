import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** Nest's start-up chatter: a line per module, controller and route. Not worth a terminal page. */
const BOOT_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/**
 * The app's Nest logger: JSON lines; warnings and errors always, `log` lines except Nest's own
 * start-up listing of modules and routes. With `holdUntilStarted`, `log` lines written while the
 * app starts are kept back until `started()`, which writes them together just before the URL and
 * the sign-in (server.ts), instead of among the first start's progress lines.
 */
export class AppLogger extends ConsoleLogger {
  private held: [unknown, unknown[], number][] | null;
  /** While replaying held lines: the time each was logged at. */
  private loggedAt: number | null = null;

  constructor(options: { logLevels?: LogLevel[]; holdUntilStarted?: boolean } = {}) {
    super({ json: true, colors: false, logLevels: options.logLevels ?? ['log', 'warn', 'error'] });
    this.held = options.holdUntilStarted ? [] : null;
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && BOOT_CONTEXTS.has(context)) return;
    if (this.held) {
      this.held.push([message, rest, Date.now()]);
      return;
    }
    super.log(message, ...(rest as [string?]));
  }

  /** Writes the lines held back while starting, and stops holding. */
  started(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const [message, rest, at] of held) {
      this.loggedAt = at;
      super.log(message, ...(rest as [string?]));
    }
    this.loggedAt = null;
  }

  /** A held line keeps the time it was logged at, not the time it was printed. */
  protected override getJsonLogObject(message: unknown, options: Parameters<ConsoleLogger['getJsonLogObject']>[1]) {
    const object = super.getJsonLogObject(message, options);
    return this.loggedAt === null ? object : { ...object, timestamp: this.loggedAt };
  }
}
