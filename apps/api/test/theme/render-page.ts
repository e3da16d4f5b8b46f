/**
 * Renders a page with the bare template engine, for the theme's tests and the sample-page writer.
 * The site's renderer (apps/api/src/rendering) does the same with its own CLDR and options.
 */
import { CLDRFramework, type CLDR } from '@phensley/cldr';
import { Compiler, type TemplateError } from '@squarespace/template-engine';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { decoratePageContext } from '../../src/theme/decorate-page-context';
import type { PageContext } from '../../src/theme/page-context';
import { bodyTemplateFor, type BodyTemplateName } from '../../src/theme/page-templates';
import { Theme } from '../../src/theme/theme';

let cldr: CLDR | null = null;

/** English CLDR from the resource packs shipped with @phensley/cldr. */
export function englishCldr(): CLDR {
  if (!cldr) {
    const packs = join(dirname(require.resolve('@phensley/cldr/package.json')), 'packs');
    const framework = new CLDRFramework({ loader: (language: string) => readFileSync(join(packs, `${language}.json`), 'utf8') });
    cldr = framework.get('en-US');
  }
  return cldr;
}

export type RenderedPage = { html: string; errors: TemplateError[]; template: BodyTemplateName | null };

const compiler = new Compiler();

/** Decorates the context and renders it through the theme's frame and body template. */
export function renderPage(theme: Theme, context: PageContext, now: number): RenderedPage {
  const input = theme.renderInput(context);
  if (!input) return { html: '', errors: [], template: null };
  const decorated = decoratePageContext(context, { now });
  const { ctx, errors } = compiler.execute({
    code: input.code,
    json: decorated,
    partials: input.partials,
    injects: input.injects,
    cldr: englishCldr(),
    now,
    enableExpr: true,
  });
  return { html: ctx.render(), errors, template: bodyTemplateFor(context) };
}
