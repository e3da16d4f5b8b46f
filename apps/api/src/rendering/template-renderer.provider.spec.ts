import { Test } from '@nestjs/testing';
import { TemplateRenderer } from './template-renderer';
import { logTemplateErrors, templateRendererProvider } from './template-renderer.provider';

describe('templateRendererProvider', () => {
  it('provides one renderer for injection', async () => {
    const moduleRef = await Test.createTestingModule({ providers: [templateRendererProvider] }).compile();
    const renderer = moduleRef.get(TemplateRenderer);
    expect(renderer).toBeInstanceOf(TemplateRenderer);
    expect(moduleRef.get(TemplateRenderer)).toBe(renderer);
  });

  it('logs template errors as one warning line', () => {
    const warnings: string[] = [];
    const renderer = new TemplateRenderer({ onErrors: logTemplateErrors({ warn: (m: string) => warnings.push(m) }) });
    renderer.render({ name: 'product-grid', template: '{x|nope}', context: {} });
    expect(warnings.map((w) => JSON.parse(w))).toEqual([
      { template: 'product-grid', locale: 'en-US', errors: [{ kind: 'unknown-formatter', message: "SyntaxError: Formatter 'nope' is unknown" }] },
    ]);
  });
});
