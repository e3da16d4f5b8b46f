import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { TemplateRenderer, logTemplateErrors } from '../rendering';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { bodyTemplateFor, decoratePageContext, defaultTemplatesDir, Theme, type PageContext } from '../theme';
import { WebBundle } from './web-bundle';

/** Where template errors are logged (a Nest Logger unless a test provides its own). */
export const TEMPLATE_ERROR_LOGGER = Symbol('TEMPLATE_ERROR_LOGGER');

/**
 * Where the page's own script elements carry their CSP nonce: a random per-process value put in
 * by the renderer (only into our own tags) and replaced with each response's nonce by
 * `withNonce`. It never leaves the process, so stored content cannot contain it.
 */
const NONCE_SLOT = `nonce-slot-${randomBytes(18).toString('base64url')}`;
const SITE_CONTEXT_SCRIPT = '<script id="site-context" type="application/json">';

/** The theme's stylesheet as one file, named by its content hash (served by ThemeAssetsController). */
export const themeStylesheetPath = (hash: string) => `/static/theme/site.${hash}.css`;

/**
 * Renders a page context with the default theme through the site's TemplateRenderer (CLDR,
 * expressions, the formatters the npm engine leaves empty). Template errors never reach the
 * visitor: the page renders what it can and the errors are logged as warnings.
 */
@Injectable()
export class SiteRenderer {
  private readonly theme: Theme;
  private readonly renderer: TemplateRenderer;

  constructor(
    private readonly bundle: WebBundle,
    @Optional() @Inject(TEMPLATE_ERROR_LOGGER) logger: Pick<Logger, 'warn'> = new Logger('TemplateRenderer'),
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'themeTemplatesDir'>,
  ) {
    this.renderer = new TemplateRenderer({ onErrors: logTemplateErrors(logger) });
    this.theme = Theme.load(defaultTemplatesDir(config?.themeTemplatesDir), undefined, {
      onTemplateErrors: (problems) => logger.warn(JSON.stringify({ theme: 'load', errors: problems })),
      stylesheetUrl: themeStylesheetPath,
    });
  }

  /** The stylesheet every page links, with the hash its URL carries. */
  stylesheet(): { hash: string; css: string } {
    return { hash: this.theme.stylesheetHash, css: this.theme.stylesheet };
  }

  /** The site icon (SVG). */
  favicon(): string {
    return this.theme.favicon();
  }

  /** Exactly what the templates read: the page context plus the theme's derived view fields. */
  templateContext(context: PageContext, now = Date.now()): unknown {
    return decoratePageContext(context, { now });
  }

  /** The page's HTML, or null when the theme has no template for its page type. */
  render(context: PageContext, now = Date.now()): { html: string; errors: number } | null {
    const body = bodyTemplateFor(context);
    if (!body) return null;
    const sources = this.theme.renderSourcesFor(body);
    const json = this.templateContext(context, now);
    const { html, errors } = this.renderer.render({
      template: sources.template,
      partials: sources.partials,
      injects: sources.injects,
      context: json,
      locale: (context.website as { language?: string }).language || 'en-US',
      now,
      name: `page-type-${context.pageType}`,
    });
    // The islands' script and style tags belong to the build, not to the page context. Our two
    // script elements (the bundle, first in <head>; the site context, last in <body>) get the nonce slot.
    const head = this.bundle.headTags().replace(/<script /g, `<script nonce="${NONCE_SLOT}" `);
    const withHead = html.replace('</head>', `${head}\n</head>`);
    const at = withHead.lastIndexOf(SITE_CONTEXT_SCRIPT);
    const page = at < 0 ? withHead : `${withHead.slice(0, at)}<script id="site-context" type="application/json" nonce="${NONCE_SLOT}">${withHead.slice(at + SITE_CONTEXT_SCRIPT.length)}`;
    return { html: page, errors: errors.length };
  }

  /** The rendered page with its own scripts' nonce set to `nonce` (empty: the form its ETag is computed on). */
  static withNonce(html: string, nonce: string): string {
    return html.split(NONCE_SLOT).join(nonce);
  }
}
