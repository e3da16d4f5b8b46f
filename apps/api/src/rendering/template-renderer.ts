/**
 * Renders JSON-Template (Squarespace's template language) with @squarespace/template-engine,
 * configured as the published site needs it: CLDR formatting for the page's locale, expressions
 * (`{.eval}`) and includes enabled, the storefront's formatters in place of the engine's no-ops,
 * the partial depth limit of 16, and a compile cache so a template is parsed once per process.
 *
 * Rendering never throws: syntax errors, unknown formatters or predicates, missing or broken
 * partials, runaway partial recursion and expression errors come back as `errors` beside whatever
 * HTML could be rendered, and are passed to the `onErrors` hook for logging.
 */
import type { CLDR } from '@phensley/cldr';
import {
  Compiler, Engine, Formatter, Formatters, PredicatePlugin, Predicates,
  type Code, type Context, type FormatterTable, type PredicateTable, type RootCode, type TemplateError, type Variable,
} from '@squarespace/template-engine';
import { CompileCache } from './compile-cache';
import { prepareExpressions } from './expressions';
import { DEFAULT_LOCALE, sharedCldrProvider, type CldrProvider } from './cldr-locales';
import { storefrontFormatters } from './formatters';
import { RenderContext } from './render-context';
import { fromTemplateError, unexpected, type RenderError } from './render-errors';

/** SPEC section 9: partial include depth limit. */
export const MAX_PARTIAL_DEPTH = 16;

export type RenderRequest = {
  /** Template source. Compiled once and cached by its text. */
  template: string;
  /** The page context (SITE-CONTEXT.md) the template reads. */
  context: unknown;
  /** Named templates for `{@|apply name}` and `{.include name}`, as source text. */
  partials?: Readonly<Record<string, string>>;
  /** Values for `{.inject @var name}`, already parsed. */
  injects?: Readonly<Record<string, unknown>>;
  /** BCP 47 tag for CLDR formatting (default en-US); null renders without CLDR. */
  locale?: string | null;
  /** "Now" in epoch milliseconds for relative-time formatters (default: the clock). */
  now?: number;
  /** A name for the template in error reports (e.g. 'product-grid'). */
  name?: string;
};

export type RenderResult = {
  html: string;
  errors: RenderError[];
};

export type RenderErrorReport = {
  name?: string;
  locale: string | null;
  errors: RenderError[];
};

export type TemplateRendererOptions = {
  cldr?: CldrProvider;
  defaultLocale?: string;
  /** Compiled templates kept (default 1000). */
  cacheSize?: number;
  maxPartialDepth?: number;
  /** Called after a render that reported errors, e.g. to log them. Exceptions from it are ignored. */
  onErrors?: (report: RenderErrorReport) => void;
  /** Extra formatters / predicates; they win over the engine's and the storefront's. */
  formatters?: FormatterTable;
  predicates?: PredicateTable;
};

export type CompiledTemplate = {
  readonly code: RootCode;
  readonly errors: readonly RenderError[];
};

/**
 * The engine records a formatter's or predicate's exception only when it is an Error and silently
 * drops anything else thrown; caller-supplied plugins are wrapped so every throw is reported.
 */
const asError = (cause: unknown) => (cause instanceof Error ? cause : new Error(String(cause)));

class GuardedFormatter extends Formatter {
  constructor(private readonly inner: Formatter) {
    super();
  }
  apply(args: string[], vars: Variable[], ctx: Context): void {
    try {
      this.inner.apply(args, vars, ctx);
    } catch (cause) {
      throw asError(cause);
    }
  }
}

class GuardedPredicate extends PredicatePlugin {
  constructor(private readonly inner: PredicatePlugin) {
    super();
  }
  apply(args: string[], ctx: Context): boolean {
    try {
      return this.inner.apply(args, ctx);
    } catch (cause) {
      throw asError(cause);
    }
  }
}

const guarded = <T, G>(table: Record<string, T> | undefined, wrap: (plugin: T) => G): Record<string, G> =>
  Object.fromEntries(Object.entries(table ?? {}).map(([name, plugin]) => [name, wrap(plugin)]));

export class TemplateRenderer {
  /** Formatter and predicate tables the parser validates names against and the engine runs. */
  readonly formatters: FormatterTable;
  readonly predicates: PredicateTable;

  private readonly compiler: Compiler;
  private readonly engine: Engine;
  private readonly cache: CompileCache<CompiledTemplate>;
  private readonly locales: CldrProvider;
  private readonly defaultLocale: string;
  private readonly maxPartialDepth: number;
  private readonly onErrors?: (report: RenderErrorReport) => void;
  /**
   * How a render's context parses a partial (once per render and partial name; the text's parse
   * is cached). Syntax errors fail the partial, as in the engine; expression errors do not: they
   * are reported and the rest of the partial renders.
   */
  private partialParser(ctx: RenderContext) {
    return (source: string) => {
      const compiled = this.compile(source);
      const failures: TemplateError[] = [];
      for (const error of compiled.errors) {
        const engineError: TemplateError = { type: error.type === 'renderer' ? 'engine' : error.type, message: error.message };
        if (error.kind === 'expression') ctx.error(engineError);
        else failures.push(engineError);
      }
      return { code: compiled.code as Code, errors: failures };
    };
  }

  constructor(options: TemplateRendererOptions = {}) {
    this.locales = options.cldr ?? sharedCldrProvider();
    this.defaultLocale = options.defaultLocale ?? DEFAULT_LOCALE;
    this.maxPartialDepth = options.maxPartialDepth ?? MAX_PARTIAL_DEPTH;
    this.onErrors = options.onErrors;
    this.formatters = {
      ...Formatters,
      ...storefrontFormatters(this.locales),
      ...guarded(options.formatters, (f) => new GuardedFormatter(f)),
    };
    this.predicates = { ...Predicates, ...guarded(options.predicates, (p) => new GuardedPredicate(p)) };
    this.compiler = new Compiler({ formatters: this.formatters, predicates: this.predicates });
    this.engine = new Engine({ formatters: this.formatters, predicates: this.predicates });
    this.cache = new CompileCache(options.cacheSize ?? 1000);
  }

  /** Parses a template (or returns the cached parse of the same text). */
  compile(source: string): CompiledTemplate {
    return this.cache.get(source, (text) => {
      try {
        const { code, errors } = this.compiler.parse(text);
        const compiled = errors.map(fromTemplateError);
        for (const [raw, message] of prepareExpressions(code)) {
          // The engine's wording (errors.expressionParse), reported by every render from now on.
          compiled.push({ kind: 'expression', type: 'engine', message: `RuntimeError: Error parsing expression: ${JSON.stringify(raw)}: ${message}` });
        }
        return { code: code as RootCode, errors: compiled };
      } catch (cause) {
        return { code: [17, 1, [], 18] as unknown as RootCode, errors: [unexpected(cause)] };
      }
    });
  }

  cacheStats(): { size: number; hits: number; misses: number } {
    return this.cache.stats();
  }

  /** The CLDR instance a locale renders with (undefined for null or an unknown locale). */
  cldrFor(locale: string | null): CLDR | undefined {
    return locale === null ? undefined : this.locales.get(locale);
  }

  render(request: RenderRequest): RenderResult {
    const errors: RenderError[] = [];
    let html = '';
    const requested = request.locale === undefined ? this.defaultLocale : request.locale;
    try {
      let cldr = this.cldrFor(requested);
      if (requested !== null && !cldr) {
        errors.push({ kind: 'locale', type: 'renderer', message: `Unknown locale '${requested}', rendered with ${this.defaultLocale}` });
        cldr = this.locales.get(this.defaultLocale);
      }
      const compiled = this.compile(request.template);
      errors.push(...compiled.errors);
      const ctx = new RenderContext(
        request.context ?? {},
        {
          cldr,
          now: request.now,
          partials: request.partials ? { ...request.partials } : {},
          injects: request.injects ?? {},
          enableExpr: true,
          enableInclude: true,
        },
        this.maxPartialDepth,
      );
      ctx.parsefunc = this.partialParser(ctx);
      try {
        this.engine.execute(compiled.code, ctx);
      } catch (cause) {
        errors.push(unexpected(cause));
      }
      html = ctx.render();
      for (const error of ctx.errors) errors.push(fromTemplateError(error));
    } catch (cause) {
      errors.push(unexpected(cause));
    }
    if (errors.length > 0 && this.onErrors) {
      try {
        this.onErrors({ name: request.name, locale: requested, errors });
      } catch {
        // A failing logger must not fail the page.
      }
    }
    return { html, errors };
  }
}
