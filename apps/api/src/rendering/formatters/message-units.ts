/**
 * The engine's `message` / `plural` formatters with one more argument formatter, `unit`, as
 * Squarespace's server has it: 'Transmission of {0 unit in:byte compact:bytes} took
 * {1 unit in:second sequence:hour,minute,second format:long}' (fixtures f-message-units-*).
 *
 * The engine formats messages through the context's `formatter` (a MessageFormats built for the
 * context's CLDR); the renderer's context swaps in this subclass, one per CLDR instance, so its
 * parsed-message cache also survives from one render to the next.
 */
import type { CLDR } from '@phensley/cldr';
import { Node } from '@squarespace/template-engine';
import { MessageFormats } from '@squarespace/template-engine/lib/plugins/messages';
import { formatUnit, unitAmountOf } from './unit';
import { unitByName } from './unit-conversion';

/**
 * The message parser ends an option at a comma, so 'sequence:hour,minute,second' arrives as
 * 'sequence:hour', 'minute', 'second'; put the unit lists back together.
 */
export function rejoinUnitLists(options: readonly string[]): string[] {
  const out: string[] = [];
  for (const option of options) {
    const last = out.length - 1;
    if (last >= 0 && !option.includes(':') && /^(out|sequence):/.test(out[last]!) && unitByName(option)) out[last] += `,${option}`;
    else out.push(option);
  }
  return out;
}

export class UnitAwareMessageFormats extends MessageFormats {
  // Called by the base constructor, once its CLDR is set.
  override formatters() {
    const cldr = (this as unknown as { cldr: CLDR }).cldr;
    return {
      ...super.formatters(),
      unit: (args: unknown[], options: string[]): string => {
        const arg = args[0];
        const amount = arg instanceof Node ? unitAmountOf(arg) : arg === undefined || arg === null ? undefined : String(arg);
        return (amount !== undefined && formatUnit(cldr, amount, rejoinUnitLists(options))) || '';
      },
    };
  }
}

const BY_CLDR = new WeakMap<CLDR, UnitAwareMessageFormats>();

/** The message formats for a CLDR instance (the time zone is set on each call by the formatter). */
export function messageFormatsFor(cldr: CLDR): UnitAwareMessageFormats {
  let formats = BY_CLDR.get(cldr);
  if (!formats) {
    formats = new UnitAwareMessageFormats(cldr);
    BY_CLDR.set(cldr, formats);
  }
  return formats;
}
