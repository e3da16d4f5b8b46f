/**
 * The default theme: its JSON-T templates, read and parsed once, and how a page is put together.
 *
 * A page is one engine execution of the frame (`site.jsont`) with every partial available by file
 * name, plus the partial `body` bound to the page's body template (chosen by `bodyTemplateFor`).
 * The frame prints `{@|apply body}` inside `<main>`. The stylesheet is injected (`{.inject}`) under
 * the name `site.css` into `<head>`: as a `<link>` to `stylesheetUrl(hash)` when the theme is loaded
 * with one (the served site caches it as one file), else inline in a `<style>` element. A renderer passes `code`, `partials` and `injects`
 * from `renderInput(context)` to `Compiler.execute` with its CLDR instance, `now` and
 * `enableExpr: true`; the context must first go through `decoratePageContext`.
 */
import { Compiler, type Code, type Partials, type TemplateError } from '@squarespace/template-engine';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BODY_TEMPLATES, bodyTemplateFor, type BodyTemplateName } from './page-templates';
import { defaultTemplatesDir } from './templates-dir';

export const FRAME_TEMPLATE = 'site';
export const BODY_PARTIAL = 'body';
export const STYLESHEET_INJECT = 'site.css';
export const PARTIALS_DIR = 'partials';
export const FAVICON_FILE = 'favicon.svg';

export type ThemeRenderInput = { code: Code; partials: Partials; injects: Record<string, string> };

export class ThemeLoadError extends Error {}

export type ThemeLoadOptions = {
  /**
   * When given, templates with errors (unknown formatter or predicate, unclosed block…) do not stop
   * the theme from loading: they are reported here and render what they can. Without it they throw.
   */
  onTemplateErrors?: (problems: string[]) => void;
  /** When given, pages link the stylesheet at this URL (made from its content hash) instead of inlining it. */
  stylesheetUrl?: (hash: string) => string;
};

/** The same page as template source text, for a renderer that compiles and caches by source. */
export type ThemeRenderSources = { template: string; partials: Record<string, string>; injects: Record<string, string> };

export class Theme {
  private readonly inputs = new Map<BodyTemplateName, ThemeRenderInput>();
  private readonly sourceInputs = new Map<BodyTemplateName, ThemeRenderSources>();

  private constructor(
    /** Parsed templates by name: file name without `.jsont`, pages and partials alike. */
    private readonly templates: ReadonlyMap<string, Code>,
    readonly stylesheet: string,
    readonly dir: string,
    /** Each template's source text, by the same names. */
    private readonly sources: ReadonlyMap<string, string> = new Map(),
    stylesheetUrl?: (hash: string) => string,
  ) {
    this.stylesheetHash = createHash('sha256').update(stylesheet).digest('base64url').slice(0, 12);
    this.stylesheetTag = stylesheetUrl
      ? `<link rel="stylesheet" href="${stylesheetUrl(this.stylesheetHash).replace(/[&"<>]/g, '')}">`
      : `<style>${stylesheet}</style>`;
  }

  /** 12 characters of the stylesheet's SHA-256, for a URL that changes whenever the stylesheet does. */
  readonly stylesheetHash: string;
  /** What the frame prints in `<head>` for the stylesheet. */
  readonly stylesheetTag: string;

  /** Reads and parses every template under `dir`; throws on a parse error or a missing body template. */
  static load(dir: string = defaultTemplatesDir(), compiler: Compiler = new Compiler(), options: ThemeLoadOptions = {}): Theme {
    const files = [
      ...readdirSync(dir).map((f) => join(dir, f)),
      ...readdirSync(join(dir, PARTIALS_DIR)).map((f) => join(dir, PARTIALS_DIR, f)),
    ].filter((f) => f.endsWith('.jsont'));
    const templates = new Map<string, Code>();
    const sources = new Map<string, string>();
    const problems: string[] = [];
    for (const file of files.sort()) {
      const name = basename(file, '.jsont');
      if (templates.has(name) || name === BODY_PARTIAL) {
        problems.push(`${file}: the name ${name} is taken`);
        continue;
      }
      const source = readFileSync(file, 'utf8');
      const { code, errors } = compiler.parse(source);
      if (errors.length > 0) problems.push(...errors.map((e: TemplateError) => `${file}: ${e.message}`));
      templates.set(name, code);
      sources.set(name, source);
    }
    const missing: string[] = [];
    for (const name of [FRAME_TEMPLATE, ...BODY_TEMPLATES]) {
      if (!templates.has(name)) missing.push(`${name}.jsont is missing`);
    }
    if (missing.length > 0 || (problems.length > 0 && !options.onTemplateErrors)) {
      throw new ThemeLoadError(`The theme in ${dir} does not load:\n${[...problems, ...missing].join('\n')}`);
    }
    // Lenient loading: a template with errors still renders what it can, and the errors are reported.
    if (problems.length > 0) options.onTemplateErrors!(problems);
    const stylesheet = readFileSync(join(dir, STYLESHEET_INJECT), 'utf8');
    if (/<\/style/i.test(stylesheet)) throw new ThemeLoadError(`${STYLESHEET_INJECT} must not contain </style`);
    return new Theme(templates, stylesheet, dir, sources, options.stylesheetUrl);
  }

  /** The theme's site icon (SVG source), linked by the frame as /favicon.svg. */
  favicon(): string {
    return readFileSync(join(this.dir, FAVICON_FILE), 'utf8');
  }

  names(): string[] {
    return [...this.templates.keys()].sort();
  }

  template(name: string): Code {
    const code = this.templates.get(name);
    if (!code) throw new Error(`The theme has no template ${name}`);
    return code;
  }

  /** The frame with `body` bound to the named body template. */
  renderInputFor(body: BodyTemplateName): ThemeRenderInput {
    const cached = this.inputs.get(body);
    if (cached) return cached;
    const partials: Partials = Object.fromEntries(this.templates) as Partials;
    partials[BODY_PARTIAL] = this.template(body) as Partials[string];
    const input = { code: this.template(FRAME_TEMPLATE), partials, injects: { [STYLESHEET_INJECT]: this.stylesheetTag } };
    this.inputs.set(body, input);
    return input;
  }

  /** `renderInputFor` as source text (the site's TemplateRenderer compiles and caches by source). */
  renderSourcesFor(body: BodyTemplateName): ThemeRenderSources {
    const cached = this.sourceInputs.get(body);
    if (cached) return cached;
    const partials = Object.fromEntries(this.sources);
    partials[BODY_PARTIAL] = this.sources.get(body)!;
    const input = { template: this.sources.get(FRAME_TEMPLATE)!, partials, injects: { [STYLESHEET_INJECT]: this.stylesheetTag } };
    this.sourceInputs.set(body, input);
    return input;
  }

  /** What to execute for a page context, or null when the theme has no body template for its page type. */
  renderInput(context: { pageType: number; collection?: { typeName?: string } | null }): ThemeRenderInput | null {
    const body = bodyTemplateFor(context);
    return body ? this.renderInputFor(body) : null;
  }
}
