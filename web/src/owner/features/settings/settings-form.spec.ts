import { changesOf, formOf, isDirty, parseAmount, validate, type SettingsForm } from './settings-form';
import type { SettingsView } from './settings-api';

function view(over: { settings?: Partial<SettingsView['settings']>; storeSettings?: Partial<SettingsView['storeSettings']> } = {}): SettingsView {
  return {
    website: { id: 'w1', siteTitle: 'Clay & Co.', timeZone: 'America/New_York', logoImageId: null },
    settings: {
      siteTitle: 'Clay & Co.', siteTagLine: '', timeZone: 'America/New_York', language: 'en-US', currency: 'USD', useCLDRMoneyFormat: true,
      siteStatus: 'paid', expiration: null, websiteType: 'website', commentsEnabled: true, simpleLikingEnabled: true, disqusShortname: null,
      shareButtonOptions: { facebook: true, twitter: true, pinterest: false, linkedin: false, reddit: false, tumblr: false, email: false },
      socialAccounts: [], logoImageId: null, captchaSiteKey: null, expressCheckout: false, multipleQuantityAllowedForServices: null,
      checkoutMinimumSubtotalCents: null, announcementBar: { enabled: false, text: '', url: null }, ...over.settings,
    },
    storeSettings: { selectedCurrency: 'USD', expressCheckout: false, multipleQuantityAllowedForServices: true, checkoutMinimumSubtotalCents: 0, ...over.storeSettings },
  };
}

describe('the checkout minimum as typed', () => {
  it.each([
    ['25', 'USD', 2500],
    ['25.5', 'USD', 2550],
    ['0.1', 'USD', 10],
    ['1,250.00', 'USD', 125_000],
    [' 0 ', 'USD', 0],
    ['19.99', 'USD', 1999],
    ['1500', 'JPY', 1500],
    ['1500.00', 'JPY', 1500],
    ['1000000000.00', 'USD', 100_000_000_000],
  ])('%s %s is %d minor units, exactly', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ['', 'USD', 'Enter an amount such as 25.00, or 0 for no minimum.'],
    ['-5', 'USD', 'Enter an amount such as 25.00, or 0 for no minimum.'],
    ['1e3', 'USD', 'Enter an amount such as 25.00, or 0 for no minimum.'],
    ['abc', 'JPY', 'Enter an amount such as 2500, or 0 for no minimum.'],
    ['19.999', 'USD', 'Use at most 2 decimals for USD.'],
    ['15.5', 'JPY', 'JPY amounts have no decimals.'],
    ['1000000000.01', 'USD', 'The checkout minimum can be at most 1000000000.00 USD.'],
    ['99999999999999999999999', 'USD', 'The checkout minimum can be at most 1000000000.00 USD.'],
  ])('%j in %s is refused: %s', (text, currency, error) => {
    expect(parseAmount(text, currency)).toEqual({ ok: false, error });
  });
});

describe('the settings form', () => {
  it('starts from the settings in force, the minimum as decimal text of the store currency', () => {
    expect(formOf(view({ storeSettings: { checkoutMinimumSubtotalCents: 2550 } }))).toEqual({
      siteTitle: 'Clay & Co.', logoImageId: null, timeZone: 'America/New_York', currency: 'USD', checkoutMinimum: '25.50',
      expressCheckout: false, multipleQuantityAllowedForServices: true,
    });
    expect(formOf(view({ settings: { currency: 'JPY' }, storeSettings: { selectedCurrency: 'JPY', checkoutMinimumSubtotalCents: 1500 } })).checkoutMinimum).toBe('1500');
  });

  it('saves only what changed, so settings never touched keep following the server’s defaults', () => {
    const saved = formOf(view());
    expect(changesOf(saved, saved)).toEqual({});
    const edited: SettingsForm = { ...saved, siteTitle: 'Kiln & Co.', checkoutMinimum: '40', expressCheckout: true };
    expect(changesOf(saved, edited)).toEqual({ siteTitle: 'Kiln & Co.', checkoutMinimumSubtotalCents: 4000, expressCheckout: true });
    // The same amount written another way is no change.
    expect(changesOf(saved, { ...saved, checkoutMinimum: '0.00' })).toEqual({});
    expect(changesOf(saved, { ...saved, logoImageId: 'img-1', timeZone: ' Europe/Paris ' })).toEqual({ logoImageId: 'img-1', timeZone: 'Europe/Paris' });
    expect(changesOf(saved, { ...saved, multipleQuantityAllowedForServices: false })).toEqual({ multipleQuantityAllowedForServices: false });
  });

  it('reads the minimum in the currency chosen with it', () => {
    const saved = formOf(view({ storeSettings: { checkoutMinimumSubtotalCents: 1500 } }));
    expect(changesOf(saved, { ...saved, currency: 'JPY', checkoutMinimum: '2000' })).toEqual({ currency: 'JPY', checkoutMinimumSubtotalCents: 2000 });
  });

  it('names what is wrong with each field, in the server’s words', () => {
    const saved = formOf(view());
    expect(validate(saved)).toEqual({});
    expect(validate({ ...saved, siteTitle: '  ', timeZone: 'Mars/Olympus_Mons', currency: 'XXX', checkoutMinimum: '1.234' })).toEqual({
      siteTitle: 'Please enter a title of at most 200 characters.',
      timeZone: 'Failed to load timezone Mars/Olympus_Mons',
      currency: 'Choose one of the listed currencies.',
      checkoutMinimum: 'Use at most 2 decimals for XXX.',
    });
    expect(validate({ ...saved, timeZone: '' }).timeZone).toBe('Choose a time zone.');
  });

  it('is dirty while an input differs from what was saved', () => {
    const saved = formOf(view());
    expect(isDirty(saved, saved)).toBe(false);
    expect(isDirty(saved, { ...saved, expressCheckout: true })).toBe(true);
    expect(isDirty(saved, { ...saved, checkoutMinimum: 'abc' })).toBe(true);
  });
});
