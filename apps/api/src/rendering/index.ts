// Framework-free; the Nest provider is in ./template-renderer.provider.
export { TemplateRenderer, MAX_PARTIAL_DEPTH } from './template-renderer';
export type { RenderRequest, RenderResult, RenderErrorReport, TemplateRendererOptions, CompiledTemplate } from './template-renderer';
export type { RenderError, RenderErrorKind } from './render-errors';
export { DEFAULT_LOCALE, PackedCldrProvider, sharedCldrProvider } from './cldr-locales';
export type { CldrProvider } from './cldr-locales';
export { storefrontFormatters } from './formatters';
export { logTemplateErrors, templateRendererProvider } from './template-renderer.provider';
