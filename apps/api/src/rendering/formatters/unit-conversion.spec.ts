import { Decimal } from '@phensley/cldr';
import { sharedCldrProvider } from '../cldr-locales';
import { allUnits, best, convert, factorSet, sequence, unitById, unitByName } from './unit-conversion';

const value = (amount: string, unit: string) => ({ amount: new Decimal(amount), unit: unitById(unit) });
const text = (v: { amount: Decimal; unit: { id: string } }) => `${v.amount.toString()} ${v.unit.id}`;

describe('unit conversion', () => {
  it('knows units by identifier, plural and category prefix', () => {
    expect(unitByName('feet')).toBe(unitById('foot'));
    expect(unitByName('radians')).toBe(unitById('radian'));
    expect(unitByName('length-inch')).toBe(unitById('inch'));
    expect(unitByName('Arc-Minutes')).toBe(unitById('arc-minute'));
    expect(unitByName('foot.inch')).toBeUndefined();
  });

  it('formats every unit with a unit CLDR has', () => {
    const available = new Set<string>(sharedCldrProvider().get('en-US')!.Units.availableUnits());
    expect(allUnits().filter((u) => !available.has(u.cldr)).map((u) => u.id)).toEqual([]);
  });

  it('converts exactly when the result terminates', () => {
    expect(text(convert(value('12345', 'inch'), unitById('foot'), 'us'))).toBe('1028.75 foot');
    expect(text(convert(value('15789655', 'byte'), unitById('kilobyte'), 'us'))).toBe('15419.5849609375 kilobyte');
    expect(text(convert(value('1', 'mile'), unitById('kilometer'), 'metric'))).toBe('1.609344 kilometer');
  });

  it('converts temperatures and fuel consumption by formula', () => {
    expect(text(convert(value('37', 'celsius'), unitById('fahrenheit'), 'us'))).toBe('98.6 fahrenheit');
    expect(text(convert(value('212', 'fahrenheit'), unitById('celsius'), 'us'))).toBe('100 celsius');
    expect(text(convert(value('0', 'celsius'), unitById('kelvin'), 'metric'))).toBe('273.15 kelvin');
    expect(text(convert(value('-40', 'fahrenheit'), unitById('celsius'), 'us'))).toBe('-40 celsius');
    expect(convert(value('10', 'liter-per-100kilometers'), unitById('mile-per-gallon'), 'us').amount.setScale(2).toString()).toBe('23.52');
  });

  it('leaves values of another category alone', () => {
    const v = value('3', 'meter');
    expect(convert(v, unitById('second'), 'metric')).toBe(v);
  });

  it('orders a factor set largest first and picks the most compact unit', () => {
    const set = factorSet(['inch', 'mile', 'foot', 'yard'].map(unitById), 'us')!;
    expect(set.units.map((u) => u.id)).toEqual(['mile', 'yard', 'foot', 'inch']);
    expect(text(best(value('12345', 'inch'), set, 'us')).slice(0, 9)).toBe('342.91666');
    expect(text(best(value('0.0123', 'yard'), set, 'us'))).toBe('0.4428 inch');
    expect(text(best(value('-5280', 'foot'), set, 'us'))).toBe('-1 mile');
  });

  it('breaks a value into a sequence, the remainder in the smallest unit, the sign on the first', () => {
    const set = factorSet(['day', 'hour', 'minute'].map(unitById), 'metric')!;
    expect(sequence(value('1234567', 'second'), set, 'metric').map(text)).toEqual(['14 day', '6 hour', expect.stringMatching(/^56\.11666/)]);
    expect(sequence(value('-90', 'minute'), set, 'metric').map(text)).toEqual(['-1 hour', '30 minute']);
    expect(sequence(value('120', 'minute'), set, 'metric').map(text)).toEqual(['2 hour']);
    expect(sequence(value('0', 'minute'), set, 'metric').map(text)).toEqual(['0 minute']);
  });

  it('uses imperial measures for UK volumes', () => {
    expect(text(convert(value('1', 'gallon'), unitById('liter'), 'uk'))).toBe('4.54609 liter');
    expect(text(convert(value('1', 'gallon'), unitById('liter'), 'us'))).toBe('3.785411784 liter');
  });
});
