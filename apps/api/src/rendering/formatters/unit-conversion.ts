/**
 * Units the `unit` formatter converts between, in exact decimal arithmetic (@phensley/cldr's
 * Decimal): every unit has its size in its category's base unit as a ratio of decimals, so a
 * conversion is one multiplication and one division. Temperatures and fuel consumption are not
 * proportional and have their own formulas.
 *
 * "Best unit" and "sequence" follow Squarespace's server (fixtures f-unit-*): a factor set is an
 * ordered list of units of one category; the best unit is the largest whose size does not exceed
 * the value (else the smallest); a sequence takes whole amounts of each unit from the largest and
 * leaves the remainder, with decimals, to the smallest ('14d 6h 56.1m').
 */
import { Decimal } from '@phensley/cldr';

export type UnitCategory =
  | 'acceleration' | 'angle' | 'area' | 'concentr' | 'consumption' | 'digital' | 'duration' | 'electric'
  | 'energy' | 'frequency' | 'length' | 'light' | 'mass' | 'power' | 'pressure' | 'speed' | 'temperature' | 'volume';

export type MeasurementSystem = 'metric' | 'us' | 'uk';

export type UnitDef = {
  /** Our identifier (the server's): 'arc-minute', 'liter-per-100kilometers', 'metric-ton'. */
  id: string;
  /** CLDR unit the number is formatted with. */
  cldr: string;
  category: UnitCategory;
  /** Size in the category's base unit as numerator / denominator ('pi' allowed); absent when not proportional. */
  size?: readonly [string, string];
};

export type UnitValue = { amount: Decimal; unit: UnitDef };

/** [id, category, size numerator, size denominator, CLDR unit when it differs, extra names]. */
type Row = [string, UnitCategory, string | null, string, string?, string[]?];

const ROWS: Row[] = [
  // acceleration, base meter-per-second-squared
  ['g-force', 'acceleration', '9.80665', '1', undefined, ['g-forces', 'g']],
  ['meter-per-second-squared', 'acceleration', '1', '1', 'meter-per-square-second', ['meters-per-second-squared']],
  // angle, base degree
  ['revolution', 'angle', '360', '1'],
  ['degree', 'angle', '1', '1'],
  ['arc-minute', 'angle', '1', '60', undefined, ['arcminute', 'arcminutes']],
  ['arc-second', 'angle', '1', '3600', undefined, ['arcsecond', 'arcseconds']],
  ['radian', 'angle', '180', 'pi'],
  // area, base square-meter
  ['square-kilometer', 'area', '1000000', '1'],
  ['hectare', 'area', '10000', '1'],
  ['square-meter', 'area', '1', '1'],
  ['square-centimeter', 'area', '1', '10000'],
  ['square-mile', 'area', '2589988.110336', '1'],
  ['acre', 'area', '4046.8564224', '1'],
  ['square-yard', 'area', '0.83612736', '1'],
  ['square-foot', 'area', '0.09290304', '1', undefined, ['square-feet']],
  ['square-inch', 'area', '0.00064516', '1', undefined, ['square-inches']],
  // concentration: formatted, never converted
  ['karat', 'concentr', null, '1'],
  ['milligram-per-deciliter', 'concentr', null, '1', 'milligram-ofglucose-per-deciliter', ['milligrams-per-deciliter']],
  ['millimole-per-liter', 'concentr', null, '1', undefined, ['millimoles-per-liter']],
  ['part-per-million', 'concentr', null, '1', 'part-per-1e6', ['parts-per-million']],
  // consumption: converted by formula
  ['liter-per-100kilometers', 'consumption', null, '1', 'liter-per-100-kilometer', ['liters-per-100kilometers']],
  ['liter-per-kilometer', 'consumption', null, '1', undefined, ['liters-per-kilometer']],
  ['mile-per-gallon', 'consumption', null, '1', undefined, ['miles-per-gallon']],
  ['mile-per-gallon-imperial', 'consumption', null, '1', undefined, ['miles-per-gallon-imperial']],
  // digital, base bit; bytes are binary multiples, bits decimal ones
  ['terabyte', 'digital', '8796093022208', '1'],
  ['gigabyte', 'digital', '8589934592', '1'],
  ['megabyte', 'digital', '8388608', '1'],
  ['kilobyte', 'digital', '8192', '1'],
  ['byte', 'digital', '8', '1'],
  ['terabit', 'digital', '1000000000000', '1'],
  ['gigabit', 'digital', '1000000000', '1'],
  ['megabit', 'digital', '1000000', '1'],
  ['kilobit', 'digital', '1000', '1'],
  ['bit', 'digital', '1', '1'],
  // duration, base second (a year is 365.2425 days, a month a twelfth of it)
  ['century', 'duration', '3155695200', '1', undefined, ['centuries']],
  ['year', 'duration', '31556952', '1'],
  ['month', 'duration', '2629746', '1'],
  ['week', 'duration', '604800', '1'],
  ['day', 'duration', '86400', '1'],
  ['hour', 'duration', '3600', '1'],
  ['minute', 'duration', '60', '1'],
  ['second', 'duration', '1', '1'],
  ['millisecond', 'duration', '1', '1000'],
  ['microsecond', 'duration', '1', '1000000'],
  ['nanosecond', 'duration', '1', '1000000000'],
  // electric
  ['ampere', 'electric', '1', '1'],
  ['milliampere', 'electric', '1', '1000'],
  ['ohm', 'electric', null, '1'],
  ['volt', 'electric', null, '1'],
  // energy, base joule
  ['kilowatt-hour', 'energy', '3600000', '1'],
  ['kilocalorie', 'energy', '4186.8', '1'],
  ['foodcalorie', 'energy', '4186.8', '1'],
  ['kilojoule', 'energy', '1000', '1'],
  ['calorie', 'energy', '4.1868', '1'],
  ['joule', 'energy', '1', '1'],
  // frequency, base hertz
  ['gigahertz', 'frequency', '1000000000', '1'],
  ['megahertz', 'frequency', '1000000', '1'],
  ['kilohertz', 'frequency', '1000', '1'],
  ['hertz', 'frequency', '1', '1'],
  // length, base meter
  ['parsec', 'length', '96939420213600000', 'pi'],
  ['light-year', 'length', '9460730472580800', '1'],
  ['astronomical-unit', 'length', '149597870700', '1'],
  ['mile-scandinavian', 'length', '10000', '1', undefined, ['miles-scandinavian']],
  ['nautical-mile', 'length', '1852', '1'],
  ['mile', 'length', '1609.344', '1'],
  ['kilometer', 'length', '1000', '1'],
  ['furlong', 'length', '201.168', '1'],
  ['fathom', 'length', '1.8288', '1'],
  ['meter', 'length', '1', '1'],
  ['yard', 'length', '0.9144', '1'],
  ['foot', 'length', '0.3048', '1', undefined, ['feet']],
  ['decimeter', 'length', '0.1', '1'],
  ['inch', 'length', '0.0254', '1', undefined, ['inches']],
  ['centimeter', 'length', '0.01', '1'],
  ['millimeter', 'length', '0.001', '1'],
  ['point', 'length', '0.0254', '72'],
  ['micrometer', 'length', '0.000001', '1'],
  ['nanometer', 'length', '0.000000001', '1'],
  ['picometer', 'length', '0.000000000001', '1'],
  // light
  ['lux', 'light', null, '1'],
  // mass, base kilogram
  ['metric-ton', 'mass', '1000', '1', 'tonne', ['metric-tons']],
  ['ton', 'mass', '907.18474', '1'],
  ['stone', 'mass', '6.35029318', '1'],
  ['kilogram', 'mass', '1', '1'],
  ['pound', 'mass', '0.45359237', '1'],
  ['ounce-troy', 'mass', '0.0311034768', '1', undefined, ['troy-ounce', 'troy-ounces']],
  ['ounce', 'mass', '0.028349523125', '1'],
  ['gram', 'mass', '0.001', '1'],
  ['carat', 'mass', '0.0002', '1'],
  ['milligram', 'mass', '0.000001', '1'],
  ['microgram', 'mass', '0.000000001', '1'],
  // power, base watt
  ['gigawatt', 'power', '1000000000', '1'],
  ['megawatt', 'power', '1000000', '1'],
  ['kilowatt', 'power', '1000', '1'],
  ['horsepower', 'power', '745.69987158227', '1'],
  ['watt', 'power', '1', '1'],
  ['milliwatt', 'power', '0.001', '1'],
  // pressure, base hectopascal
  ['pound-per-square-inch', 'pressure', '8896443230521', '129032000000', 'pound-force-per-square-inch', ['pounds-per-square-inch']],
  ['inch-hg', 'pressure', '33.86389', '1', 'inch-ofhg', ['inches-hg']],
  ['millimeter-of-mercury', 'pressure', '1013.25', '760', 'millimeter-ofhg', ['millimeters-of-mercury']],
  ['hectopascal', 'pressure', '1', '1'],
  ['millibar', 'pressure', '1', '1'],
  // speed, base meter-per-second
  ['meter-per-second', 'speed', '1', '1', undefined, ['meters-per-second']],
  ['knot', 'speed', '463', '900'],
  ['mile-per-hour', 'speed', '0.44704', '1', undefined, ['miles-per-hour']],
  ['kilometer-per-hour', 'speed', '1', '3.6', undefined, ['kilometers-per-hour']],
  // temperature: converted by formula
  ['celsius', 'temperature', null, '1', undefined, ['C']],
  ['fahrenheit', 'temperature', null, '1', undefined, ['F']],
  ['kelvin', 'temperature', null, '1', undefined, ['kelvins', 'K']],
  ['degrees-generic', 'temperature', null, '1', 'temperature', ['generic-degrees']],
  // volume, base liter (US customary gallon; the UK system swaps in imperial measures)
  ['cubic-kilometer', 'volume', '1000000000000', '1'],
  ['cubic-mile', 'volume', '4168181825440.579584', '1'],
  ['megaliter', 'volume', '1000000', '1'],
  ['acre-foot', 'volume', '1233481.83754752', '1', undefined, ['acre-feet']],
  ['cubic-meter', 'volume', '1000', '1'],
  ['cubic-yard', 'volume', '764.554857984', '1'],
  ['hectoliter', 'volume', '100', '1'],
  ['bushel', 'volume', '35.23907016688', '1'],
  ['cubic-foot', 'volume', '28.316846592', '1', undefined, ['cubic-feet']],
  ['gallon-imperial', 'volume', '4.54609', '1', undefined, ['gallons-imperial']],
  ['gallon', 'volume', '3.785411784', '1'],
  ['liter', 'volume', '1', '1'],
  ['quart', 'volume', '0.946352946', '1'],
  ['pint-metric', 'volume', '0.5', '1', undefined, ['pints-metric']],
  ['pint', 'volume', '0.473176473', '1'],
  ['cup-metric', 'volume', '0.25', '1', undefined, ['cups-metric']],
  ['cup', 'volume', '0.2365882365', '1'],
  ['deciliter', 'volume', '0.1', '1'],
  ['fluid-ounce', 'volume', '0.0295735295625', '1'],
  ['cubic-inch', 'volume', '0.016387064', '1', undefined, ['cubic-inches']],
  ['tablespoon', 'volume', '0.01478676478125', '1'],
  ['centiliter', 'volume', '0.01', '1'],
  ['teaspoon', 'volume', '0.00492892159375', '1'],
  ['milliliter', 'volume', '0.001', '1'],
  ['cubic-centimeter', 'volume', '0.001', '1'],
];

/** Imperial sizes of the units whose size differs in the UK system. */
const UK_VOLUME: Record<string, readonly [string, string]> = {
  gallon: ['4.54609', '1'],
  quart: ['1.1365225', '1'],
  pint: ['0.56826125', '1'],
  cup: ['0.2841', '1'],
  'fluid-ounce': ['0.0284130625', '1'],
  bushel: ['36.36872', '1'],
};

const BY_NAME = new Map<string, UnitDef>();
const BY_ID = new Map<string, UnitDef>();
for (const [id, category, num, den, cldr, extra] of ROWS) {
  const def: UnitDef = { id, cldr: cldr ?? id, category, ...(num === null ? {} : { size: [num, den] as const }) };
  BY_ID.set(id, def);
  const names = [id, ...(extra ?? [])];
  if (!extra?.some((n) => n === `${id}s`) && !/[shz]$/.test(id) && !id.endsWith('-generic')) names.push(`${id}s`);
  for (const name of names) {
    BY_NAME.set(name.toLowerCase(), def);
    BY_NAME.set(`${category}-${name}`.toLowerCase(), def);
  }
}

/** Looks a unit up by identifier, plural ('feet', 'radians') or category-prefixed name ('length-inch'). */
export function unitByName(name: string): UnitDef | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}

export function unitById(id: string): UnitDef {
  const def = BY_ID.get(id);
  if (!def) throw new Error(`Unknown unit ${id}`);
  return def;
}

export function allUnits(): UnitDef[] {
  return [...BY_ID.values()];
}

const PI = new Decimal('3.141592653589793');
const ONE = new Decimal('1');
const PRECISION = { scale: 40, round: 'half-even' as const };

function decimalOf(text: string): Decimal {
  return text === 'pi' ? PI : new Decimal(text);
}

function sizeOf(unit: UnitDef, system: MeasurementSystem): readonly [Decimal, Decimal] | undefined {
  const size = (system === 'uk' && UK_VOLUME[unit.id]) || unit.size;
  return size ? [decimalOf(size[0]), decimalOf(size[1])] : undefined;
}

/** Drops trailing fraction zeros so precision reflects the value, not the working scale. */
function tidy(n: Decimal): Decimal {
  return n.stripTrailingZeros();
}

/**
 * `amount` of `from` expressed in `to` (proportional categories): all multiplications first and
 * a single division, so conversions with a terminating result are exact (12345 in = 1028.75 ft).
 */
function rescale(amount: Decimal, from: UnitDef, to: UnitDef, system: MeasurementSystem): Decimal | undefined {
  const a = sizeOf(from, system);
  const b = sizeOf(to, system);
  if (!a || !b) return undefined;
  return amount.multiply(a[0]).multiply(b[1]).divide(a[1].multiply(b[0]), PRECISION);
}

/** How many `to` make one `from`. */
function ratio(from: UnitDef, to: UnitDef, system: MeasurementSystem): Decimal | undefined {
  return rescale(ONE, from, to, system);
}

const THIRTY_TWO = new Decimal('32');
const KELVIN_ZERO_C = new Decimal('273.15');
const FIVE = new Decimal('5');
const NINE = new Decimal('9');
const NINE_FIFTHS = new Decimal('1.8');

function temperature(value: UnitValue, target: UnitDef): UnitValue {
  if (target.id === 'degrees-generic') return { amount: value.amount, unit: target };
  let celsius: Decimal;
  switch (value.unit.id) {
    case 'celsius': celsius = value.amount; break;
    case 'fahrenheit': celsius = value.amount.subtract(THIRTY_TWO).multiply(FIVE).divide(NINE, PRECISION); break;
    case 'kelvin': celsius = value.amount.subtract(KELVIN_ZERO_C); break;
    default: return value;
  }
  switch (target.id) {
    case 'celsius': return { amount: tidy(celsius), unit: target };
    case 'fahrenheit': return { amount: tidy(celsius.multiply(NINE_FIFTHS).add(THIRTY_TWO)), unit: target };
    case 'kelvin': return { amount: tidy(celsius.add(KELVIN_ZERO_C)), unit: target };
    default: return value;
  }
}

/** Litres per 100 km for one mile per (US or imperial) gallon: 100 × litres per gallon ÷ km per mile. */
const MPG_US = new Decimal('378.5411784').divide(new Decimal('1.609344'), PRECISION);
const MPG_IMPERIAL = new Decimal('454.609').divide(new Decimal('1.609344'), PRECISION);
const HUNDRED = new Decimal('100');

function consumption(value: UnitValue, target: UnitDef, system: MeasurementSystem): UnitValue {
  const mpg = (id: string) => (id === 'mile-per-gallon-imperial' || (id === 'mile-per-gallon' && system === 'uk') ? MPG_IMPERIAL : MPG_US);
  const toPer100 = (amount: Decimal, id: string): Decimal | undefined => {
    switch (id) {
      case 'liter-per-100kilometers': return amount;
      case 'liter-per-kilometer': return amount.multiply(HUNDRED);
      case 'mile-per-gallon':
      case 'mile-per-gallon-imperial': return amount.isZero() ? undefined : mpg(id).divide(amount, PRECISION);
      default: return undefined;
    }
  };
  const per100 = toPer100(value.amount, value.unit.id);
  if (per100 === undefined) return value;
  let out: Decimal;
  switch (target.id) {
    case 'liter-per-100kilometers': out = per100; break;
    case 'liter-per-kilometer': out = per100.divide(HUNDRED, PRECISION); break;
    case 'mile-per-gallon':
    case 'mile-per-gallon-imperial':
      if (per100.isZero()) return value;
      out = mpg(target.id).divide(per100, PRECISION);
      break;
    default: return value;
  }
  return { amount: tidy(out), unit: target };
}

/** Converts to `target`; a value of another category, or one that cannot be converted, is returned unchanged. */
export function convert(value: UnitValue, target: UnitDef, system: MeasurementSystem): UnitValue {
  if (value.unit === target || value.unit.category !== target.category) return value;
  if (value.unit.category === 'temperature') return temperature(value, target);
  if (value.unit.category === 'consumption') return consumption(value, target, system);
  const amount = rescale(value.amount, value.unit, target, system);
  return amount ? { amount: tidy(amount), unit: target } : value;
}

/** An ordered set of units of one category, largest first, used for best-unit and sequence output. */
export type FactorSet = { units: UnitDef[] };

/** A factor set from any units of one category, sorted largest first; undefined if they cannot be compared. */
export function factorSet(units: UnitDef[], system: MeasurementSystem): FactorSet | undefined {
  if (units.length === 0) return undefined;
  const category = units[0]!.category;
  if (units.some((u) => u.category !== category || !sizeOf(u, system))) return undefined;
  const unique = [...new Set(units)];
  unique.sort((a, b) => ratio(b, a, system)!.compare(1));
  return { units: unique };
}

function smallest(set: FactorSet): UnitDef {
  return set.units[set.units.length - 1]!;
}

/** The most compact unit of the set: the largest unit not bigger than the value, else the smallest. */
export function best(value: UnitValue, set: FactorSet, system: MeasurementSystem): UnitValue {
  const base = smallest(set);
  const inBase = convert(value, base, system);
  if (inBase.unit !== base) return value;
  const magnitude = inBase.amount.abs();
  for (const unit of set.units) {
    const size = ratio(unit, base, system)!;
    if (size.compare(magnitude) <= 0 || unit === base) {
      return { amount: tidy(inBase.amount.divide(size, PRECISION)), unit };
    }
  }
  return inBase;
}

/** Whole amounts of each unit from the largest, the remainder (with decimals) in the smallest. */
export function sequence(value: UnitValue, set: FactorSet, system: MeasurementSystem): UnitValue[] {
  const base = smallest(set);
  const inBase = convert(value, base, system);
  if (inBase.unit !== base) return [value];
  const negative = inBase.amount.isNegative();
  let rest = inBase.amount.abs();
  const out: UnitValue[] = [];
  const signed = (n: Decimal) => (negative && out.length === 0 ? n.negate() : n);
  for (const unit of set.units) {
    const size = ratio(unit, base, system)!;
    if (unit === base) {
      if (!rest.isZero() || out.length === 0) out.push({ amount: tidy(signed(rest.divide(size, PRECISION))), unit });
    } else if (size.compare(rest) <= 0) {
      const [whole, remainder] = rest.divmod(size);
      out.push({ amount: tidy(signed(whole)), unit });
      rest = remainder;
    }
  }
  return out;
}
