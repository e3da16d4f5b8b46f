import type { WebsiteEvent } from './events';
import { websiteAt, websiteRecord } from './site-records';
import { parseRequest } from '../shared/requests';
import { WebsiteSettingsRequest } from './requests';

const parseWebsiteSettingsChanges = (raw: unknown) => parseRequest(WebsiteSettingsRequest, raw);
import { decideWebsite, evolveWebsite, initialWebsiteState, websiteDecider, type SetSiteHeaderFooter, type WebsiteCommand, type WebsiteState } from './website-decider';
import { isValidTimeZone, MAX_CHECKOUT_MINIMUM_MINOR, storeSettingsOf, trialDaysLeft, type WebsiteSettingsChanges } from './website-settings';

const NOW = '2026-11-23T10:00:00.000Z';
const NOW_MS = Date.parse(NOW);
const DAY = 86_400_000;
const created: WebsiteEvent = {
  type: 'WebsiteCreated', data: { websiteId: 'w1', title: 'Clay & Co.', currency: 'USD', timeZone: 'America/New_York', createdAt: NOW },
};
const given = (events: WebsiteEvent[]) => events.reduce(websiteDecider.evolve, websiteDecider.initialState());
const change = (changes: WebsiteSettingsChanges): WebsiteCommand => ({ type: 'ChangeWebsiteSettings', data: { changes, now: NOW } });
const decide = (events: WebsiteEvent[], command: WebsiteCommand) => websiteDecider.decide(command, given(events));
const errorOf = (events: WebsiteEvent[], command: WebsiteCommand) => {
  const d = decide(events, command);
  return d.ok ? 'accepted' : d.error;
};
const created_ = (s: WebsiteState) => {
  if (s.status !== 'created') throw new Error('not created');
  return s;
};

describe('website settings: given events, when a command, then', () => {
  it('starts from WebsiteCreated with the SPEC defaults (America/New_York, CLDR money, comments on)', () => {
    const s = created_(given([created]));
    expect(s.settings).toMatchObject({
      siteTitle: 'Clay & Co.', timeZone: 'America/New_York', currency: 'USD', useCLDRMoneyFormat: true, commentsEnabled: true, siteStatus: 'paid',
    });
  });

  it('records only the settings that change', () => {
    const d = decide([created], change({ siteTitle: 'Clay & Co.', siteTagLine: 'Small-batch stoneware', timeZone: 'Europe/London' }));
    expect(d).toEqual({
      ok: true,
      events: [{ type: 'WebsiteSettingsChanged', data: { changes: { siteTagLine: 'Small-batch stoneware', timeZone: 'Europe/London' }, changedAt: NOW } }],
    });
    expect(decide([created], change({ siteTitle: 'Clay & Co.' }))).toEqual({ ok: true, events: [] });
  });

  it('refuses a time zone Intl does not know, in the SPEC wording', () => {
    expect(errorOf([created], change({ timeZone: 'Mars/Olympus_Mons' }))).toMatchObject({
      code: 'INVALID_TIME_ZONE', message: 'Failed to load timezone Mars/Olympus_Mons',
    });
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('')).toBe(false);
  });

  it.each<[string, WebsiteSettingsChanges, string]>([
    ['empty title', { siteTitle: ' ' }, 'INVALID_TITLE'],
    ['unsupported currency', { currency: 'XXX' }, 'UNSUPPORTED_CURRENCY'],
    ['bad language', { language: 'not a locale!' }, 'INVALID_LANGUAGE'],
    ['trial without expiration', { siteStatus: 'trial' }, 'INVALID_SITE_STATUS'],
    ['social link that is not http', { socialAccounts: [{ serviceName: 'instagram', userName: 'x', profileUrl: 'javascript:alert(1)' }] }, 'INVALID_LINK'],
    ['email link that is not an address', { socialAccounts: [{ serviceName: 'email', userName: '', profileUrl: 'mailto:nobody' }] }, 'INVALID_SOCIAL_ACCOUNT'],
    ['unknown share button', { shareButtonOptions: { myspace: true } as never }, 'NOT_AN_EXPECTED_OPTION'],
  ])('refuses %s', (_, changes, code) => {
    expect(errorOf([created], change(changes))).toMatchObject({ code });
  });

  it('accepts social links (email is a mailto address) and merges share button options', () => {
    const d = decide([created], change({
      socialAccounts: [
        { serviceName: 'instagram', userName: 'clayandco', profileUrl: 'https://instagram.com/clayandco' },
        { serviceName: 'email', userName: 'hello', profileUrl: 'mailto:hello@clayandco.example' },
      ],
      shareButtonOptions: { pinterest: true },
    }));
    expect(d.ok).toBe(true);
    const s = created_(given([created, ...(d.ok ? d.events : [])]));
    expect(s.settings.shareButtonOptions).toMatchObject({ facebook: true, twitter: true, pinterest: true });
    expect(s.settings.socialAccounts).toHaveLength(2);
  });

  it('keeps the announcement bar off until set; merges its parts; refuses empty text while on and a bad link', () => {
    expect(created_(given([created])).settings.announcementBar).toEqual({ enabled: false, text: '', url: null });
    const d = decide([created], change({ announcementBar: { enabled: true, text: 'Kiln sale Saturday', url: '/shop' } }));
    const on = created_(given([created, ...(d.ok ? d.events : [])]));
    expect(on.settings.announcementBar).toEqual({ enabled: true, text: 'Kiln sale Saturday', url: '/shop' });
    const off = decide([created, ...(d.ok ? d.events : [])], change({ announcementBar: { enabled: false } }));
    expect(off.ok && off.events).toEqual([{ type: 'WebsiteSettingsChanged', data: { changes: { announcementBar: { enabled: false } }, changedAt: NOW } }]);
    expect(decide([created, ...(d.ok ? d.events : [])], change({ announcementBar: { text: 'Kiln sale Saturday' } }))).toEqual({ ok: true, events: [] });
    expect(errorOf([created], change({ announcementBar: { enabled: true, text: ' ' } }))).toMatchObject({ code: 'INVALID_TEXT_FIELD' });
    expect(errorOf([created], change({ announcementBar: { text: 'x'.repeat(301) } }))).toMatchObject({ code: 'INVALID_TEXT_FIELD' });
    expect(errorOf([created], change({ announcementBar: { url: 'javascript:alert(1)' } }))).toMatchObject({ code: 'INVALID_LINK', message: 'javascript:alert(1) is not a valid page URL' });
    expect(parseWebsiteSettingsChanges({ announcementBar: { enabled: true, text: 'Hi', url: '' } })).toEqual({ ok: true, value: { announcementBar: { enabled: true, text: 'Hi', url: null } } });
    expect(parseWebsiteSettingsChanges({ announcementBar: { enabled: 'yes' } })).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
  });

  it('sets and keeps header and footer; a part left out stays', () => {
    const set = decide([created], { type: 'SetSiteHeaderFooter', data: { header: '<p>Free shipping</p>', footer: '<p>© Clay & Co.</p>', now: NOW } });
    expect(set.ok && set.events[0]).toEqual({ type: 'SiteHeaderFooterChanged', data: { header: '<p>Free shipping</p>', footer: '<p>© Clay & Co.</p>', newsletterFormId: null, changedAt: NOW } });
    const events = set.ok ? set.events : [];
    const footerOnly = decide([created, ...events], { type: 'SetSiteHeaderFooter', data: { footer: '<p>Bye</p>', now: NOW } });
    expect(footerOnly.ok && footerOnly.events[0].data).toMatchObject({ header: '<p>Free shipping</p>', footer: '<p>Bye</p>' });
    expect(decide([created, ...events], { type: 'SetSiteHeaderFooter', data: { header: '<p>Free shipping</p>', now: NOW } })).toEqual({ ok: true, events: [] });
  });

  it('keeps the store settings: express checkout, services bought more than once, the checkout minimum', () => {
    const start = created_(given([created])).settings;
    expect(start).toMatchObject({ expressCheckout: false, multipleQuantityAllowedForServices: null, checkoutMinimumSubtotalCents: null });
    const d = decide([created], change({ expressCheckout: true, multipleQuantityAllowedForServices: false, checkoutMinimumSubtotalCents: 2500 }));
    expect(d.ok && d.events[0]!.data).toMatchObject({ changes: { expressCheckout: true, multipleQuantityAllowedForServices: false, checkoutMinimumSubtotalCents: 2500 } });
    const later = created_(given([created, ...(d.ok ? d.events : [])])).settings;
    expect(storeSettingsOf(later, { multipleQuantityAllowedForServices: true, checkoutMinimumSubtotalCents: 0 })).toEqual({
      selectedCurrency: 'USD', expressCheckout: true, multipleQuantityAllowedForServices: false, checkoutMinimumSubtotalCents: 2500,
    });
    // Never set: the environment's defaults; null hands a setting back to them.
    expect(storeSettingsOf(start, { multipleQuantityAllowedForServices: false, checkoutMinimumSubtotalCents: 900 })).toMatchObject({
      multipleQuantityAllowedForServices: false, checkoutMinimumSubtotalCents: 900,
    });
    const back = decide([created, ...(d.ok ? d.events : [])], change({ checkoutMinimumSubtotalCents: null }));
    expect(back.ok && back.events[0]!.data).toMatchObject({ changes: { checkoutMinimumSubtotalCents: null } });
  });

  it.each<[string, WebsiteSettingsChanges]>([
    ['a negative minimum', { checkoutMinimumSubtotalCents: -1 }],
    ['a fractional minimum', { checkoutMinimumSubtotalCents: 10.5 }],
    ['a minimum past the largest', { checkoutMinimumSubtotalCents: MAX_CHECKOUT_MINIMUM_MINOR + 1 }],
  ])('refuses %s in words', (_, changes) => {
    expect(errorOf([created], change(changes))).toMatchObject({ code: 'INVALID_PRICE', message: expect.stringMatching(/^The checkout minimum must be a whole number/) });
  });

  it('changes the store currency only while the stores list no products (their prices are never converted)', () => {
    const locked = websiteDecider.decide({ type: 'ChangeWebsiteSettings', data: { changes: { currency: 'EUR' }, now: NOW, storeProducts: 3 } }, given([created]));
    expect(locked).toMatchObject({
      ok: false, error: { code: 'STORE_CURRENCY_LOCKED', message: 'The store currency cannot be changed while the store has products priced in USD.' },
    });
    const free = websiteDecider.decide({ type: 'ChangeWebsiteSettings', data: { changes: { currency: 'EUR' }, now: NOW, storeProducts: 0 } }, given([created]));
    expect(free.ok && free.events[0]!.data).toEqual({ changes: { currency: 'EUR' }, changedAt: NOW });
    // Sending the currency it already has changes nothing, products or not.
    const same = websiteDecider.decide({ type: 'ChangeWebsiteSettings', data: { changes: { currency: 'USD', siteTagLine: 'x' }, now: NOW, storeProducts: 3 } }, given([created]));
    expect(same.ok && same.events[0]!.data).toEqual({ changes: { siteTagLine: 'x' }, changedAt: NOW });
  });

  it('refuses changes before the website exists', () => {
    expect(errorOf([], change({ siteTagLine: 'x' }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('site status (SPEC 4)', () => {
  it('trial days remaining = days until expiration plus 1, never below 0', () => {
    expect(trialDaysLeft(NOW_MS + 3 * DAY, NOW_MS)).toBe(4);
    expect(trialDaysLeft(NOW_MS + DAY / 2, NOW_MS)).toBe(1);
    expect(trialDaysLeft(NOW_MS - DAY / 2, NOW_MS)).toBe(0);
    expect(trialDaysLeft(NOW_MS - 10 * DAY, NOW_MS)).toBe(0);
    expect(trialDaysLeft(null, NOW_MS)).toBeNull();
  });

  it('counts expired sites as expired except parking and cover pages; a trial past its expiration too', () => {
    const site = (changes: WebsiteSettingsChanges) => {
      const d = decide([created], change(changes));
      if (!d.ok) throw new Error(d.error.message);
      return websiteAt(websiteRecord(created_(given([created, ...d.events]))), NOW_MS);
    };
    expect(site({ siteStatus: 'expired' })).toMatchObject({ expired: true, siteStatus: { value: 3, name: 'expired' } });
    expect(site({ siteStatus: 'expired', websiteType: 'parking-page' }).expired).toBe(false);
    expect(site({ siteStatus: 'expired', websiteType: 'cover-page' }).expired).toBe(false);
    expect(site({ siteStatus: 'trial', expiration: NOW_MS + 2 * DAY })).toMatchObject({ expired: false, trialDaysLeft: 3 });
    expect(site({ siteStatus: 'trial', expiration: NOW_MS - DAY })).toMatchObject({ expired: true, trialDaysLeft: 0 });
    expect(site({ siteStatus: 'paid' })).toMatchObject({ expired: false, trialDaysLeft: null });
  });
});

describe('website settings input', () => {
  it('reads the owner API body, ignoring fields it does not know', () => {
    const parsed = parseWebsiteSettingsChanges({
      title: 'Clay', currency: 'eur', siteStatus: { value: 1 }, expiration: '2026-12-01T00:00:00Z', captchaSettings: { siteKey: 'k' }, id: 'ignored',
      disqusShortname: '',
    });
    expect(parsed).toEqual({
      ok: true,
      value: { siteTitle: 'Clay', currency: 'EUR', siteStatus: 'trial', expiration: Date.parse('2026-12-01T00:00:00Z'), captchaSiteKey: 'k', disqusShortname: null },
    });
    expect(parseWebsiteSettingsChanges({ commentsEnabled: 'yes' })).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(parseWebsiteSettingsChanges({ expiration: 'soon' })).toMatchObject({ ok: false, error: { code: 'INVALID_DATE', message: 'Invalid date.' } });
    expect(parseWebsiteSettingsChanges([])).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
  });

  it('reads the store settings: flags, the minimum in minor units, null to hand one back to the environment', () => {
    expect(parseWebsiteSettingsChanges({ expressCheckout: true, multipleQuantityAllowedForServices: null, checkoutMinimumSubtotalCents: 1500 })).toEqual({
      ok: true, value: { expressCheckout: true, multipleQuantityAllowedForServices: null, checkoutMinimumSubtotalCents: 1500 },
    });
    expect(parseWebsiteSettingsChanges({ expressCheckout: 'on' })).toMatchObject({ ok: false, error: { message: 'expressCheckout must be true or false.' } });
    expect(parseWebsiteSettingsChanges({ checkoutMinimumSubtotalCents: '15.00' })).toMatchObject({
      ok: false, error: { message: 'checkoutMinimumSubtotalCents must be a whole number.' },
    });
  });

});
describe('the footer newsletter (issue 14 part 8)', () => {
  const created = { type: 'WebsiteCreated' as const, data: { websiteId: 'w', title: 'Clay & Co.', currency: 'USD', timeZone: 'America/New_York', createdAt: '2026-01-01T00:00:00.000Z' } };
  const state = (events: WebsiteEvent[]) => events.reduce(evolveWebsite, initialWebsiteState());
  const set = (events: WebsiteEvent[], data: Omit<SetSiteHeaderFooter['data'], 'now'>) => decideWebsite({ type: 'SetSiteHeaderFooter', data: { ...data, now: '2026-01-02T00:00:00.000Z' } }, state(events));

  it('takes a newsletter form of the site, refuses an unknown one or a form of another kind, and none clears it', () => {
    const chosen = set([created], { newsletterFormId: 'news', newsletterForm: { kind: 'newsletter' } });
    expect(chosen.ok && chosen.events[0]).toMatchObject({ type: 'SiteHeaderFooterChanged', data: { header: '', footer: '', newsletterFormId: 'news' } });
    const unknown = set([created], { newsletterFormId: 'nope', newsletterForm: null });
    expect(!unknown.ok && unknown.error).toMatchObject({ code: 'FOOTER_NEWSLETTER_FORM_UNKNOWN', message: 'There is no newsletter form with id nope on this site.' });
    const contact = set([created], { newsletterFormId: 'contact', newsletterForm: { kind: 'form' } });
    expect(!contact.ok && contact.error).toMatchObject({ code: 'FOOTER_NEWSLETTER_NOT_NEWSLETTER' });
    const events = chosen.ok ? [created, ...chosen.events] : [];
    expect(state(events)).toMatchObject({ newsletterFormId: 'news' });
    expect(set(events, { newsletterFormId: 'news', newsletterForm: { kind: 'newsletter' } })).toEqual({ ok: true, events: [] });
    // Header edits keep it; an event written before the footer had a newsletter keeps it too.
    const footer = set(events, { footer: '<p>Bye</p>' });
    expect(footer.ok && footer.events[0]).toMatchObject({ data: { newsletterFormId: 'news' } });
    expect(state([...events, { type: 'SiteHeaderFooterChanged', data: { header: '', footer: '<p>Old</p>', changedAt: 'x' } }])).toMatchObject({ newsletterFormId: 'news' });
    const none = set(events, { newsletterFormId: null });
    expect(none.ok && none.events[0]).toMatchObject({ data: { newsletterFormId: null } });
  });

  it('a restore brings back the earlier choice', () => {
    const chosen = set([created], { newsletterFormId: 'news', newsletterForm: { kind: 'newsletter' } });
    const events = chosen.ok ? [created, ...chosen.events] : [];
    const restored = decideWebsite({ type: 'RestoreWebsite', data: { restoredVersion: 1, target: state([created]), now: 'y' } }, state(events));
    expect(restored.ok && restored.events[0]).toMatchObject({ type: 'WebsiteRestored', data: { newsletterFormId: null } });
  });
});
