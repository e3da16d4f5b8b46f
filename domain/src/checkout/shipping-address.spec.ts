import { readShippingAddress, shippingAddressLines, shippingAddressProblems, SHIPPING_COUNTRIES } from './shipping-address';

const US = { name: ' Ada  Lovelace ', line1: '12 Kiln Street', line2: '', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' };

describe('shipping address', () => {
  it('reads a whole address, trimmed, with spaces folded', () => {
    expect(readShippingAddress(US)).toEqual({ address: { ...US, name: 'Ada Lovelace' }, problems: {} });
  });

  it('names each missing field, and the region only where addresses need one', () => {
    expect(shippingAddressProblems({})).toEqual({ name: 'Required', line1: 'Required', city: 'Required', postalCode: 'Required', country: 'Please choose a country we ship to.' });
    expect(shippingAddressProblems({ ...US, region: '' })).toEqual({ region: 'Required' });
    expect(shippingAddressProblems({ ...US, country: 'GB', region: '', postalCode: 'SW1A 1AA' })).toEqual({});
    expect(shippingAddressProblems('not an address')).toMatchObject({ name: 'Required', country: 'Please choose a country we ship to.' });
    expect(shippingAddressProblems({ ...US, name: 42 })).toEqual({ name: 'Required' });
  });

  it('refuses text that is too long or carries control characters, and countries the store does not ship to', () => {
    expect(shippingAddressProblems({ ...US, line1: 'x'.repeat(201) })).toEqual({ line1: 'This is too long.' });
    expect(shippingAddressProblems({ ...US, city: 'Hud\u0000son' })).toEqual({ city: 'This is too long.' });
    expect(shippingAddressProblems({ ...US, country: 'DE' })).toEqual({ country: 'Please choose a country we ship to.' });
    expect(shippingAddressProblems({ ...US, country: 'toString' })).toEqual({ country: 'Please choose a country we ship to.' });
  });

  it.each([
    ['US', '12534', '1253', 'ZIP Codes need to be 5 digits.'],
    ['US', '12534-0001', '12534-01', 'ZIP Codes need to be 5 digits.'],
    ['CA', 'K1A 0B1', 'K1A', 'Postal codes need to look like K1A 0B1.'],
    ['GB', 'sw1a 1aa', 'SW1A', 'Postcodes need to look like SW1A 1AA.'],
    ['IE', 'A65 F4E2', 'A65', 'Eircodes need to look like A65 F4E2.'],
    ['FR', '75001', '7500', 'Postcodes need to be 5 digits.'],
    ['ES', '28013', '280130', 'Postcodes need to be 5 digits.'],
    ['SE', '114 55', '1145', 'Postcodes need to be 5 digits.'],
    ['NO', '0150', '150', 'Postcodes need to be 4 digits.'],
    ['AU', '2000', '200', 'Postcodes need to be 4 digits.'],
    ['NZ', '6011', '60111', 'Postcodes need to be 4 digits.'],
  ])('checks a %s postal code: %s passes, %s does not', (country, good, bad, message) => {
    const base = { ...US, country, region: 'R' };
    expect(shippingAddressProblems({ ...base, postalCode: good })).toEqual({});
    expect(shippingAddressProblems({ ...base, postalCode: bad })).toEqual({ postalCode: message });
  });

  it('covers every country it ships to, and prints each in its usual order', () => {
    expect(Object.keys(SHIPPING_COUNTRIES)).toHaveLength(10);
    expect(shippingAddressLines(readShippingAddress(US).address)).toEqual(['Ada Lovelace', '12 Kiln Street', 'Hudson, NY 12534', 'United States']);
    expect(shippingAddressLines({ ...readShippingAddress(US).address, country: 'FR', region: '', city: 'Paris', postalCode: '75001', line2: 'Bât. B' }))
      .toEqual(['Ada Lovelace', '12 Kiln Street', 'Bât. B', '75001 Paris', 'France']);
    expect(shippingAddressLines({ ...readShippingAddress(US).address, country: 'GB', region: '', city: 'London', postalCode: 'SW1A 1AA' }))
      .toEqual(['Ada Lovelace', '12 Kiln Street', 'London', 'SW1A 1AA', 'United Kingdom']);
  });
});
