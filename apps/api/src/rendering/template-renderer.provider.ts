/**
 * The renderer for Nest: one TemplateRenderer per process (its compile cache and CLDR packs are
 * shared by every request), logging template errors as warnings. Add `templateRendererProvider`
 * to a module's providers and inject `TemplateRenderer`.
 */
import { Logger, type Provider } from '@nestjs/common';
import { TemplateRenderer, type RenderErrorReport } from './template-renderer';

export function logTemplateErrors(logger: Pick<Logger, 'warn'>): (report: RenderErrorReport) => void {
  return (report) =>
    logger.warn(
      JSON.stringify({
        template: report.name ?? '(unnamed)',
        locale: report.locale,
        errors: report.errors.map((e) => ({ kind: e.kind, message: e.message })),
      }),
    );
}

export const templateRendererProvider: Provider = {
  provide: TemplateRenderer,
  useFactory: () => new TemplateRenderer({ onErrors: logTemplateErrors(new Logger('TemplateRenderer')) }),
};
