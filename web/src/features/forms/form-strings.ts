import { FORM_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';

/** The form and newsletter islands' own words (the SPEC's messages come from the domain's catalogue). */
export const FORM_STRINGS = {
  submitting: 'Submitting…',
  submit: 'Submit',
  requiredNote: 'are required.',
  selectOption: 'Select an option',
  firstName: 'First name',
  lastName: 'Last name',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State or province',
  zip: 'Postal code',
  country: 'Country',
  countryCode: 'Country code',
  phoneNumber: 'Number',
  redirecting: 'Thank you! Taking you on…',
  /** The extra-fields lightbox's close control. */
  close: 'Close',
  ...FORM_ERROR_MESSAGES,
} as const;
