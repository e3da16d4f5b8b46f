/**
 * `decimal`: the engine's formatter, plus the server's `mode:` argument that the engine ignores.
 * `mode:significant-maxfrac` formats with the significant-digit settings while never showing more
 * than `maxfrac` fraction digits: `{@|decimal mode:significant-maxfrac minsig:1 maxfrac:3}` gives
 * 3.14159 → '3.142', 1.01 → '1.01', 1 → '1' (fixture f-decimal-2). Every other use goes to the
 * engine's formatter unchanged.
 */
import { Decimal } from '@phensley/cldr';
import { DecimalFormatter, type Context, type Variable } from '@squarespace/template-engine';

const MAXFRAC = new Set(['maxfrac', 'maxFrac', 'maximumFractionDigits']);
const ROUNDING: Record<string, 'up' | 'down' | 'ceiling' | 'floor' | 'half-up' | 'half-down' | 'half-even'> = {
  up: 'up', down: 'down', truncate: 'down', ceil: 'ceiling', ceiling: 'ceiling', floor: 'floor',
  'half-up': 'half-up', 'half-down': 'half-down', 'half-even': 'half-even',
};

function split(arg: string): [string, string] {
  const i = arg.indexOf(':');
  return i === -1 ? [arg, ''] : [arg.slice(0, i), arg.slice(i + 1)];
}

export class ModeAwareDecimalFormatter extends DecimalFormatter {
  override apply(args: string[], vars: Variable[], ctx: Context): void {
    const mode = args.map(split).find(([key]) => key === 'mode')?.[1];
    const maxfrac = args.map(split).find(([key]) => MAXFRAC.has(key))?.[1];
    const digits = maxfrac === undefined ? NaN : Number.parseInt(maxfrac, 10);
    if ((mode !== 'significant-maxfrac' && mode !== 'significant-maxFrac') || !Number.isFinite(digits)) {
      super.apply(args.filter((a) => split(a)[0] !== 'mode'), vars, ctx);
      return;
    }
    const first = vars[0]!;
    let value: Decimal;
    try {
      value = new Decimal(first.node.asString());
    } catch {
      super.apply(args, vars, ctx);
      return;
    }
    const round = ROUNDING[args.map(split).find(([key]) => key === 'round' || key === 'rounding')?.[1] ?? ''] ?? 'half-even';
    const capped = value.setScale(Math.min(Math.max(digits, 0), 50), round).stripTrailingZeros();
    first.set(capped.toString());
    super.apply(args.filter((a) => { const key = split(a)[0]; return key !== 'mode' && !MAXFRAC.has(key); }), vars, ctx);
  }
}

export const DECIMAL_FORMATTERS = {
  decimal: new ModeAwareDecimalFormatter(),
};
