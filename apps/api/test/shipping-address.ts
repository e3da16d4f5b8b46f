/** A shipping address checkout accepts: carts that require shipping need one (issue 13). */
export const TEST_SHIPPING_ADDRESS = {
  name: 'Ada Lovelace',
  line1: '12 Kiln Street',
  line2: '',
  city: 'Hudson',
  region: 'NY',
  postalCode: '12534',
  country: 'US',
} as const;
