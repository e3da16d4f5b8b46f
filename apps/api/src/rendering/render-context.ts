/**
 * The engine's execution context with the renderer's settings: the partial depth limit (SPEC
 * section 9: 16) and message formats that know the `unit` argument. The engine's own context
 * builds a fresh message formatter for every render; this one reuses one per locale (its parsed
 * message cache with it), so the CLDR instance is attached after the base constructor.
 */
import type { CLDR } from '@phensley/cldr';
import { Context, type ContextProps } from '@squarespace/template-engine';
import { messageFormatsFor } from './formatters/message-units';

export class RenderContext extends Context {
  constructor(json: unknown, props: ContextProps, maxPartialDepth: number) {
    const { cldr, ...rest } = props;
    super(json, rest);
    this.maxPartialDepth = maxPartialDepth;
    if (cldr) {
      const self = this as unknown as { cldr?: CLDR; formatter?: unknown };
      self.cldr = cldr;
      self.formatter = messageFormatsFor(cldr);
    }
  }
}
