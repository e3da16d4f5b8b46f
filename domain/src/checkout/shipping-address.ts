import { SHIPPING_ADDRESS_MESSAGES } from '../shared/commerce-strings';

/**
 * A shipping address as checkout takes it (issue 13: carts that require shipping). Pure and
 * framework-free: the checkout page checks its form with `shippingAddressProblems` before sending,
 * and the API refuses the same problems (SHIPPING_ADDRESS_INVALID, with them by field).
 */
export type ShippingAddress = {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, one of SHIPPING_COUNTRIES. */
  country: ShippingCountry;
};

export type ShippingAddressField = keyof ShippingAddress;

/** The countries the store ships to: SPEC 5's delivery regions, in the order the form lists them. */
export const SHIPPING_COUNTRIES = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  IE: 'Ireland',
  FR: 'France',
  ES: 'Spain',
  NO: 'Norway',
  SE: 'Sweden',
  AU: 'Australia',
  NZ: 'New Zealand',
} as const;
export type ShippingCountry = keyof typeof SHIPPING_COUNTRIES;

export const SHIPPING_ADDRESS_FIELDS: readonly ShippingAddressField[] = ['name', 'line1', 'line2', 'city', 'region', 'postalCode', 'country'];

/** Longest text each field takes. */
export const SHIPPING_ADDRESS_LIMITS: Record<Exclude<ShippingAddressField, 'country'>, number> = {
  name: 100,
  line1: 200,
  line2: 200,
  city: 100,
  region: 100,
  postalCode: 12,
};

/** Countries whose addresses need a state, province or territory. */
const REGION_REQUIRED: ReadonlySet<string> = new Set(['US', 'CA', 'AU']);

export const regionRequired = (country: string): boolean => REGION_REQUIRED.has(country);

/**
 * A whole postal code of each country (an address, not SPEC 5's delivery-region prefixes) and what
 * is said when it does not look like one. Spaces and case are the buyer's to choose.
 */
const POSTAL_CODES: Record<ShippingCountry, { pattern: RegExp; message: string }> = {
  US: { pattern: /^\d{5}(?:-\d{4})?$/, message: SHIPPING_ADDRESS_MESSAGES.postalCodeUS },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[A-Z] ?\d[A-Z]\d$/i, message: SHIPPING_ADDRESS_MESSAGES.postalCodeCA },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, message: SHIPPING_ADDRESS_MESSAGES.postalCodeGB },
  IE: { pattern: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/i, message: SHIPPING_ADDRESS_MESSAGES.postalCodeIE },
  FR: { pattern: /^\d{5}$/, message: SHIPPING_ADDRESS_MESSAGES.postalCode5 },
  ES: { pattern: /^\d{5}$/, message: SHIPPING_ADDRESS_MESSAGES.postalCode5 },
  SE: { pattern: /^\d{3} ?\d{2}$/, message: SHIPPING_ADDRESS_MESSAGES.postalCode5 },
  NO: { pattern: /^\d{4}$/, message: SHIPPING_ADDRESS_MESSAGES.postalCode4 },
  AU: { pattern: /^\d{4}$/, message: SHIPPING_ADDRESS_MESSAGES.postalCode4 },
  NZ: { pattern: /^\d{4}$/, message: SHIPPING_ADDRESS_MESSAGES.postalCode4 },
};

export const isShippingCountry = (value: unknown): value is ShippingCountry =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(SHIPPING_COUNTRIES, value);

/** What each field of the address says is wrong with it; empty when nothing is. */
export type ShippingAddressProblems = Partial<Record<ShippingAddressField, string>>;

/** Control characters have no place in an address. */
const hasControlCharacter = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * The address as sent (`raw`: any JSON), trimmed, and what is wrong with each field: required
 * fields (all but line2, and region outside US, CA and AU), lengths, the country among those the
 * store ships to, and the postal code's shape in that country.
 */
export function readShippingAddress(raw: unknown): { address: ShippingAddress; problems: ShippingAddressProblems } {
  const source = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const problems: ShippingAddressProblems = {};
  const textOf = (field: Exclude<ShippingAddressField, 'country'>, required: boolean): string => {
    const value = source[field];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      problems[field] = SHIPPING_ADDRESS_MESSAGES.required;
      return '';
    }
    const text = (value ?? '').trim().replace(/\s+/g, ' ');
    if (text.length > SHIPPING_ADDRESS_LIMITS[field] || hasControlCharacter(value ?? '')) problems[field] = SHIPPING_ADDRESS_MESSAGES.tooLong;
    else if (required && text === '') problems[field] = SHIPPING_ADDRESS_MESSAGES.required;
    return text;
  };
  const country = isShippingCountry(source.country) ? source.country : null;
  if (!country) problems.country = SHIPPING_ADDRESS_MESSAGES.country;
  const address: ShippingAddress = {
    name: textOf('name', true),
    line1: textOf('line1', true),
    line2: textOf('line2', false),
    city: textOf('city', true),
    region: textOf('region', country !== null && regionRequired(country)),
    postalCode: textOf('postalCode', true).toUpperCase(),
    country: country ?? 'US',
  };
  if (country && !problems.postalCode && !POSTAL_CODES[country].pattern.test(address.postalCode)) {
    problems.postalCode = POSTAL_CODES[country].message;
  }
  return { address, problems };
}

/** Just the problems (the checkout form, field by field). */
export function shippingAddressProblems(raw: unknown): ShippingAddressProblems {
  return readShippingAddress(raw).problems;
}

/** The lines an address is printed as (order pages, the checkout summary), in the country's usual order. */
export function shippingAddressLines(address: ShippingAddress): string[] {
  const { name, line1, line2, city, region, postalCode, country } = address;
  const join = (parts: string[], separator = ' ') => parts.filter((part) => part !== '').join(separator);
  let place: string[];
  if (regionRequired(country)) place = [join([join([city, region], ', '), postalCode])];
  else if (country === 'FR' || country === 'ES' || country === 'NO' || country === 'SE') place = [join([postalCode, city]), region];
  else place = [city, region, postalCode];
  return [name, line1, line2, ...place, SHIPPING_COUNTRIES[country]].filter((line) => line !== '');
}
