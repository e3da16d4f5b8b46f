/**
 * `unit`: converts and formats a measurement, which the npm engine ships as a no-op. Arguments
 * (Squarespace's server syntax, fixtures f-unit-*):
 *   in:<unit>              unit of the input value ('in:inch', plurals and 'length-inch' accepted)
 *   out:<unit>             convert to exactly this unit
 *   out:<u1>,<u2>,…        convert to the most compact of these units
 *   sequence:<u1>,<u2>,…   break down into these units ('1028′ 9″'); ignored after compact:
 *   compact:<kind>         most compact unit of a kind: bytes, bits, length, mass, duration,
 *                          duration-large, duration-small, angle, area, energy, frequency, power,
 *                          volume, liquid; or the locale's unit for temp(erature), speed,
 *                          consumption, light
 *   format:narrow|short|long   unit name width (default narrow: '342.9yd', long: '342.9 yards')
 *   group, no-group, maxfrac:N, minfrac:N, maxsig:N, minsig:N, minint:N, round:<mode>
 *                          number options; default one fraction digit at most and no grouping
 * With only `in:` the value goes to the best unit of its category for the locale's measurement
 * system (en-US: yards and miles, Fahrenheit; metric: meters, Celsius). Units of a sequence are
 * joined by a space in every width.
 *
 * The same options work inside `message` patterns: `{0 unit in:byte compact:bytes}`.
 */
import type { CLDR, UnitFormatOptions, UnitLength, RoundingModeType } from '@phensley/cldr';
import { Decimal } from '@phensley/cldr';
import { Formatter, Type, type Context, type Node, type Variable } from '@squarespace/template-engine';
import {
  best, convert, factorSet, sequence, unitById, unitByName,
  type FactorSet, type MeasurementSystem, type UnitCategory, type UnitDef, type UnitValue,
} from './unit-conversion';

export type UnitOptions = {
  input?: UnitDef;
  exact?: UnitDef;
  exactList?: UnitDef[];
  sequenceList?: UnitDef[];
  compact?: string;
  length: UnitLength;
  number: UnitFormatOptions;
};

const ROUNDING = new Set<RoundingModeType>(['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even']);
const CLAMP = 50;

function digitsOption(value: string): number | undefined {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), CLAMP) : undefined;
}

/** A comma-separated unit list of one category; undefined when any name is unknown or categories mix. */
function unitList(value: string): UnitDef[] | undefined {
  const units = value.split(',').map(unitByName);
  if (units.length === 0 || units.some((u) => u === undefined)) return undefined;
  const category = units[0]!.category;
  return units.every((u) => u!.category === category) ? (units as UnitDef[]) : undefined;
}

export function parseUnitOptions(args: readonly string[]): UnitOptions {
  const opts: UnitOptions = { length: 'narrow', number: { maximumFractionDigits: 1, group: false } };
  for (const arg of args) {
    const colon = arg.indexOf(':');
    const key = colon === -1 ? arg : arg.slice(0, colon);
    const value = colon === -1 ? '' : arg.slice(colon + 1);
    switch (key) {
      case 'in':
        opts.input = unitByName(value);
        break;
      case 'out':
        if (value.includes(',')) opts.exactList = unitList(value);
        else opts.exact = unitByName(value);
        break;
      case 'sequence':
        if (opts.sequenceList === undefined && opts.compact === undefined) opts.sequenceList = unitList(value);
        break;
      case 'compact':
        opts.compact = value;
        break;
      case 'format':
        if (value === 'narrow' || value === 'short' || value === 'long') opts.length = value;
        break;
      case 'group':
      case 'grouping':
        opts.number.group = value !== 'false';
        break;
      case 'no-group':
      case 'no-grouping':
        opts.number.group = false;
        break;
      case 'maxfrac':
      case 'maxFrac':
      case 'maximumFractionDigits':
        opts.number.maximumFractionDigits = digitsOption(value);
        break;
      case 'minfrac':
      case 'minFrac':
      case 'minimumFractionDigits':
        opts.number.minimumFractionDigits = digitsOption(value);
        break;
      case 'maxsig':
      case 'maxSig':
      case 'maximumSignificantDigits':
        opts.number.maximumSignificantDigits = digitsOption(value);
        break;
      case 'minsig':
      case 'minSig':
      case 'minimumSignificantDigits':
        opts.number.minimumSignificantDigits = digitsOption(value);
        break;
      case 'minint':
      case 'minInt':
      case 'minimumIntegerDigits':
        opts.number.minimumIntegerDigits = digitsOption(value);
        break;
      case 'round':
      case 'rounding':
        if (ROUNDING.has(value as RoundingModeType)) opts.number.round = value as RoundingModeType;
        break;
      default:
        break;
    }
  }
  return opts;
}

/** The locale's preferred units, by measurement system. */
class SystemUnits {
  private readonly sets = new Map<string, FactorSet>();

  constructor(readonly system: MeasurementSystem, private readonly temperatureSystem: MeasurementSystem) {}

  private set(ids: string[]): FactorSet {
    const key = ids.join(',');
    let found = this.sets.get(key);
    if (!found) {
      found = factorSet(ids.map(unitById), this.system)!;
      this.sets.set(key, found);
    }
    return found;
  }

  private imperial(): boolean {
    return this.system !== 'metric';
  }

  temperature(): UnitDef {
    return unitById(this.temperatureSystem === 'us' ? 'fahrenheit' : 'celsius');
  }

  speed(): UnitDef {
    return unitById(this.imperial() ? 'mile-per-hour' : 'kilometer-per-hour');
  }

  consumptionUnit(): UnitDef {
    return unitById(this.system === 'us' ? 'mile-per-gallon' : this.system === 'uk' ? 'mile-per-gallon-imperial' : 'liter-per-100kilometers');
  }

  area(): FactorSet {
    return this.system === 'uk' ? this.set(['square-mile', 'square-foot', 'square-inch']) : this.set(['square-kilometer', 'square-meter', 'square-centimeter']);
  }

  length(): FactorSet {
    return this.imperial() ? this.set(['mile', 'yard', 'foot', 'inch']) : this.set(['kilometer', 'meter', 'centimeter']);
  }

  mass(): FactorSet {
    return this.imperial() ? this.set(['ton', 'pound', 'ounce']) : this.set(['metric-ton', 'kilogram', 'gram', 'milligram']);
  }

  volume(): FactorSet {
    return this.imperial() ? this.set(['cubic-mile', 'cubic-yard', 'cubic-foot', 'cubic-inch']) : this.set(['cubic-kilometer', 'cubic-meter', 'cubic-centimeter']);
  }

  liquid(): FactorSet {
    return this.imperial()
      ? this.set(['gallon', 'quart', 'pint', 'cup', 'fluid-ounce'])
      : this.set(['megaliter', 'hectoliter', 'liter', 'deciliter', 'centiliter', 'milliliter']);
  }

  named(kind: string): FactorSet | undefined {
    switch (kind) {
      case 'angle': case 'angles': return this.set(['degree', 'arc-minute', 'arc-second']);
      case 'area': return this.area();
      case 'bit': case 'bits': return this.set(['terabit', 'gigabit', 'megabit', 'kilobit', 'bit']);
      case 'byte': case 'bytes': return this.set(['terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte']);
      case 'duration': return this.set(['century', 'year', 'month', 'day', 'hour', 'minute', 'second']);
      case 'duration-large': return this.set(['century', 'year', 'month', 'day']);
      case 'duration-small': return this.set(['day', 'hour', 'minute', 'second']);
      case 'energy': return this.set(['kilojoule', 'joule']);
      case 'frequency': return this.set(['gigahertz', 'megahertz', 'kilohertz', 'hertz']);
      case 'length': return this.length();
      case 'mass': return this.mass();
      case 'power': return this.set(['gigawatt', 'megawatt', 'kilowatt', 'watt', 'milliwatt']);
      case 'volume': return this.volume();
      case 'liquid': return this.liquid();
      default: return undefined;
    }
  }

  /** Kinds with a single locale unit rather than a range of sizes. */
  exactFor(kind: string): UnitDef | undefined {
    switch (kind) {
      case 'consumption': return this.consumptionUnit();
      case 'light': return unitById('lux');
      case 'speed': return this.speed();
      case 'temp': case 'temperature': return this.temperature();
      default: return undefined;
    }
  }

  /** Where a value of this category goes when only its input unit is known. */
  defaultFor(category: UnitCategory): UnitDef | FactorSet | undefined {
    switch (category) {
      case 'acceleration': return unitById('meter-per-second-squared');
      case 'angle': return this.named('angle');
      case 'area': return this.area();
      case 'consumption': return this.consumptionUnit();
      case 'digital': return this.named('bytes');
      case 'duration': return this.named('duration');
      case 'electric': return this.set(['ampere', 'milliampere']);
      case 'energy': return this.named('energy');
      case 'frequency': return this.named('frequency');
      case 'length': return this.length();
      case 'mass': return this.mass();
      case 'power': return this.named('power');
      case 'pressure': return unitById('millibar');
      case 'speed': return this.speed();
      case 'temperature': return this.temperature();
      case 'volume': return this.volume();
      default: return undefined;
    }
  }

  /** The input unit assumed when only the output is given ('out:megabit' reads bits). */
  inputFor(exact: UnitDef): UnitDef | undefined {
    if (/bit$/.test(exact.id)) return unitById('bit');
    if (/byte$/.test(exact.id)) return unitById('byte');
    switch (exact.category) {
      case 'consumption': return this.consumptionUnit();
      case 'frequency': return unitById('hertz');
      case 'light': return unitById('lux');
      case 'pressure': return unitById('millibar');
      case 'speed': return this.speed();
      case 'temperature': return this.temperature();
      default: {
        const target = this.defaultFor(exact.category);
        return target && 'units' in target ? target.units[target.units.length - 1] : undefined;
      }
    }
  }
}

const SYSTEMS = new WeakMap<CLDR, SystemUnits>();

function systemUnits(cldr: CLDR): SystemUnits {
  let units = SYSTEMS.get(cldr);
  if (!units) {
    const system = cldr.General.measurementSystem() as MeasurementSystem;
    // CLDR's temperature category only lists the regions that differ from their general system
    // (Fahrenheit in the Bahamas, Belize, …); the US itself is Fahrenheit through its general one.
    const temperature = system === 'us' || cldr.General.measurementSystem('temperature') === 'us' ? 'us' : 'metric';
    units = new SystemUnits(system === 'us' || system === 'uk' ? system : 'metric', temperature);
    SYSTEMS.set(cldr, units);
  }
  return units;
}

function formatOne(cldr: CLDR, value: UnitValue | { amount: Decimal; unit?: undefined }, opts: UnitOptions): string {
  const quantity = { value: value.amount, ...(value.unit ? { unit: value.unit.cldr as never } : {}) };
  return cldr.Units.formatQuantity(quantity, { ...opts.number, length: opts.length });
}

/**
 * Converts and formats `amount` with the formatter's arguments; undefined when the amount is
 * not a number.
 */
export function formatUnit(cldr: CLDR, amount: string, args: readonly string[]): string | undefined {
  let value: Decimal;
  try {
    value = new Decimal(amount.trim());
  } catch {
    return undefined;
  }
  if (!value.isFinite()) return undefined;
  const opts = parseUnitOptions(args);
  const units = systemUnits(cldr);

  let exact = opts.exact;
  let set: FactorSet | undefined;
  if (opts.compact !== undefined) {
    // A kind with one unit per locale (temperature, speed, …) wins over out:; else a range of sizes.
    const single = units.exactFor(opts.compact);
    if (single) exact = single;
    else set = units.named(opts.compact);
  } else if (opts.exactList) {
    set = factorSet(opts.exactList, units.system);
  } else if (opts.sequenceList) {
    set = factorSet(opts.sequenceList, units.system);
  }

  const input = opts.input ?? (exact ? units.inputFor(exact) : opts.exactList ? units.inputFor(opts.exactList[0]!) : set?.units[set.units.length - 1]);
  if (!input) return formatOne(cldr, { amount: value }, opts);

  const start: UnitValue = { amount: value, unit: input };
  if (exact) return formatOne(cldr, convert(start, exact, units.system), opts);
  if (set && opts.sequenceList && opts.compact === undefined && !opts.exactList) {
    return sequence(start, set, units.system).map((part) => formatOne(cldr, part, opts)).join(' ');
  }
  if (set) return formatOne(cldr, best(start, set, units.system), opts);
  const target = units.defaultFor(input.category);
  if (target === undefined) return formatOne(cldr, start, opts);
  return formatOne(cldr, 'units' in target ? best(start, target, units.system) : convert(start, target, units.system), opts);
}

/** The number a unit value is read from: a JSON number or a numeric string. */
export function unitAmountOf(node: Node): string | undefined {
  if (node.type === Type.NUMBER) return String(node.value);
  if (node.type === Type.STRING) return String(node.value);
  return undefined;
}

export class UnitFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0]!;
    const amount = unitAmountOf(first.node);
    const out = ctx.cldr && amount !== undefined ? formatUnit(ctx.cldr, amount, args) : undefined;
    first.set(out ?? '');
  }
}

export const UNIT_FORMATTERS = {
  unit: new UnitFormatter(),
};
