import { initialInventoryState } from '../inventory/state';
import {
  automaticSendLimit, checkRestockEmail, parseRestockSettingsChanges, restockSettingsDecider, type RestockSettingsChanged, parseRestockSignUp, restockMailLanguage, restockNotificationMail, restockSendDecider, restockSignUpDecider,
  type RestockSendCommand, type RestockSendEvent, type RestockSignUpCommand, type RestockSignUpEvent, type RestockSignUpRequest,
} from './index';

const foldEvents = <S, E>(decider: { evolve: (s: S, e: E) => S }, initial: S, events: E[]): S => events.reduce(decider.evolve, initial);
const NOW = '2026-11-25T05:00:00.000Z';
const request = (overrides: Partial<RestockSignUpRequest> = {}): RestockSignUpRequest => ({
  productId: 'p-mug', variantId: 'v-mug-iron', email: 'ada@example.com', isJoinMailingList: false, botCheckToken: null, language: null, ...overrides,
});

/** Runs commands one after another on one sign-up stream; returns every event and the last decision. */
function run(commands: RestockSignUpCommand[]) {
  const events: RestockSignUpEvent[] = [];
  let last: ReturnType<typeof restockSignUpDecider.decide> | null = null;
  for (const command of commands) {
    const state = foldEvents(restockSignUpDecider, restockSignUpDecider.initialState(), events);
    last = restockSignUpDecider.decide(command, state);
    if (last.ok) events.push(...last.events);
  }
  return { events, last: last!, state: foldEvents(restockSignUpDecider, restockSignUpDecider.initialState(), events) };
}
const signUp = (r: Partial<RestockSignUpRequest> = {}): RestockSignUpCommand => ({ type: 'SignUpForRestock', data: { signUpId: 's1', request: request(r), now: NOW } });
const queue = (requestId = 'r1'): RestockSignUpCommand => ({ type: 'QueueRestockNotification', data: { requestId, now: NOW } });
const sent = (requestId = 'r1'): RestockSignUpCommand => ({ type: 'RecordRestockNotificationSent', data: { requestId, now: NOW } });
const unsubscribe: RestockSignUpCommand = { type: 'UnsubscribeFromRestock', data: { now: NOW } };
const erase: RestockSignUpCommand = { type: 'EraseRestockSignUp', data: { now: NOW } };

describe('restock email (SPEC 5 Restock)', () => {
  it.each([
    ['', 'Email cannot be blank'],
    ['   ', 'Email cannot be blank'],
    [undefined, 'Email cannot be blank'],
    [42, 'Email cannot be blank'],
    ['ada', 'Email is invalid'],
    ['ada@example', 'Email is invalid'],
    ['<b>@example.com', 'Email is invalid'],
    [`${'a'.repeat(250)}@example.com`, 'Email is invalid'],
  ])('%j → %s', (raw, message) => {
    const checked = checkRestockEmail(raw);
    expect(checked).toMatchObject({ ok: false, error: { message, details: { field: 'siteVisitorEmail' } } });
  });

  it('keeps a good address trimmed and lowercased', () => {
    expect(checkRestockEmail('  Ada@Example.COM ')).toEqual({ ok: true, email: 'ada@example.com' });
  });
});

describe('the sign-up payload (SPEC 3 Restock sign-up payload)', () => {
  const body = { productId: 'p-mug', variantId: 'v-mug-iron', siteVisitorEmail: 'Ada@example.com', isJoinMailingList: true, recaptchaEnterpriseV3Token: 'tok', language: 'fr-CA' };

  it('reads every field', () => {
    expect(parseRestockSignUp(body)).toEqual({
      ok: true,
      value: { productId: 'p-mug', variantId: 'v-mug-iron', email: 'ada@example.com', isJoinMailingList: true, botCheckToken: 'tok', language: 'fr-CA' },
    });
    expect(parseRestockSignUp({ productId: 'p', variantId: 'v', siteVisitorEmail: 'a@b.co' })).toMatchObject({
      ok: true, value: { isJoinMailingList: false, botCheckToken: null, language: null },
    });
  });

  it.each([
    ['not an object', null, 'body'],
    ['no product', { ...body, productId: undefined }, 'productId'],
    ['a product id too long', { ...body, productId: 'p'.repeat(101) }, 'productId'],
    ['no variant', { ...body, variantId: '' }, 'variantId'],
    ['opt-in not a boolean', { ...body, isJoinMailingList: 'yes' }, 'isJoinMailingList'],
    ['a token not text', { ...body, recaptchaEnterpriseV3Token: 12 }, 'recaptchaEnterpriseV3Token'],
    ['a token too long', { ...body, recaptchaEnterpriseV3Token: 'x'.repeat(20_001) }, 'recaptchaEnterpriseV3Token'],
    ['a language that is no tag', { ...body, language: 'fr CA<script>' }, 'language'],
    ['a blank email', { ...body, siteVisitorEmail: '' }, 'siteVisitorEmail'],
  ])('refuses %s', (_what, raw, field) => {
    const parsed = parseRestockSignUp(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.details?.field ?? 'body').toBe(field);
  });
});

describe('a sign-up stream', () => {
  it('signs up once: a second sign-up while waiting or queued is kept once', () => {
    expect(run([signUp()]).events).toEqual([{
      type: 'RestockSignedUp',
      data: { signUpId: 's1', productId: 'p-mug', variantId: 'v-mug-iron', email: 'ada@example.com', language: null, joinedMailingList: false, at: NOW },
    }]);
    expect(run([signUp(), signUp({ isJoinMailingList: true })]).events).toHaveLength(1);
    expect(run([signUp(), queue(), signUp()]).events.map((e) => e.type)).toEqual(['RestockSignedUp', 'RestockNotificationQueued']);
  });

  it('queues a waiting sign-up once, records its mail once and only for the send that queued it', () => {
    const { events, state } = run([signUp({ language: 'de' }), queue('r1'), queue('r2'), sent('r2'), sent('r1'), sent('r1')]);
    expect(events.map((e) => e.type)).toEqual(['RestockSignedUp', 'RestockNotificationQueued', 'RestockNotificationSent']);
    expect(events[1]!.data).toEqual({ signUpId: 's1', requestId: 'r1', productId: 'p-mug', variantId: 'v-mug-iron', email: 'ada@example.com', language: 'de', at: NOW });
    expect(state.status).toBe('notified');
  });

  it('queues nothing before a sign-up, after an unsubscribe or after an erase', () => {
    expect(run([queue()]).events).toEqual([]);
    expect(run([signUp(), unsubscribe, queue()]).events.map((e) => e.type)).toEqual(['RestockSignedUp', 'RestockUnsubscribed']);
    expect(run([signUp(), erase, queue()]).events.map((e) => e.type)).toEqual(['RestockSignedUp', 'RestockSignUpErased']);
  });

  it('lets a notified, unsubscribed or erased address sign up again', () => {
    for (const before of [[queue(), sent()], [unsubscribe], [erase]]) {
      const { events, state } = run([signUp(), ...before, signUp()]);
      expect(events.at(-1)!.type).toBe('RestockSignedUp');
      expect(state.status).toBe('waiting');
    }
  });

  it('unsubscribes once, and an erased sign-up forgets the address', () => {
    expect(run([signUp(), unsubscribe, unsubscribe]).events).toHaveLength(2);
    const erased = run([signUp(), erase, erase]);
    expect(erased.events).toHaveLength(2);
    expect(erased.state).toMatchObject({ status: 'erased', email: null });
    expect(run([erase]).last).toMatchObject({ ok: false, error: { code: 'RESTOCK_SIGN_UP_NOT_FOUND' } });
  });
});

describe('a send request stream', () => {
  const decide = (commands: RestockSendCommand[]) => {
    const events: RestockSendEvent[] = [];
    let last: ReturnType<typeof restockSendDecider.decide> | null = null;
    for (const command of commands) {
      last = restockSendDecider.decide(command, foldEvents(restockSendDecider, restockSendDecider.initialState(), events));
      if (last.ok) events.push(...last.events);
    }
    return { events, last: last! };
  };
  const requestSend = (limit: number | null = null): RestockSendCommand => ({
    type: 'RequestRestockSend', data: { requestId: 'r1', productId: 'p-mug', variantId: 'v-mug-iron', limit, automatic: limit !== null, now: NOW },
  });
  const complete: RestockSendCommand = { type: 'CompleteRestockSend', data: { queued: 3, now: NOW } };

  it('is requested once and completed once', () => {
    expect(decide([requestSend(), requestSend(), complete, complete]).events.map((e) => e.type)).toEqual(['RestockSendRequested', 'RestockSendCompleted']);
    expect(decide([complete]).events).toEqual([]);
  });

  it('takes a limit of 1 or more units', () => {
    expect(decide([requestSend(3)]).events[0]!.data).toMatchObject({ limit: 3, automatic: true });
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(decide([requestSend(bad)]).last.ok).toBe(false);
  });
});

describe('the back-in-stock mail', () => {
  const facts = {
    to: 'ada@example.com', language: 'fr-CA', siteTitle: 'Clay & Co', productName: 'Bowl <b>', variantLabel: 'Glaze: Moss', priceText: '$64.00',
    productUrl: 'https://shop.example/shop/p/bowl', imageUrl: 'https://shop.example/static/images/i/bowl.png', unsubscribeUrl: 'https://shop.example/u?token=a.b',
  };

  it('speaks the sign-up language where we have it, else English', () => {
    expect(restockMailLanguage('fr-CA')).toBe('fr');
    expect(restockMailLanguage('DE')).toBe('de');
    expect(restockMailLanguage('ja-JP')).toBe('en');
    expect(restockMailLanguage(null)).toBe('en');
    expect(restockNotificationMail(facts).subject).toBe('Bowl <b> (Glaze: Moss) est de nouveau en stock');
    expect(restockNotificationMail({ ...facts, language: null }).subject).toBe('Bowl <b> (Glaze: Moss) is back in stock');
  });

  it('carries the name, image, price, link and unsubscribe link, escaped in HTML', () => {
    const mail = restockNotificationMail({ ...facts, language: 'en' });
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.text).toContain('Good news: Bowl <b> (Glaze: Moss) is back in stock at Clay & Co.');
    expect(mail.text).toContain('Price: $64.00');
    expect(mail.text).toContain('Shop now: https://shop.example/shop/p/bowl');
    expect(mail.text).toContain('Stop these notifications: https://shop.example/u?token=a.b');
    expect(mail.html).toContain('Bowl &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('<img src="https://shop.example/static/images/i/bowl.png"');
    expect(restockNotificationMail({ ...facts, imageUrl: null }).html).not.toContain('<img');
    expect(restockNotificationMail({ ...facts, productName: 'A\r\nBcc: x@y.z' }).subject).not.toMatch(/[\r\n]/);
  });
});

describe('the automatic send on restock', () => {
  const stock = (qtyInStock: number, unlimited = false, tracked = true) => ({ ...initialInventoryState(), tracked, qtyInStock, unlimited });
  it('sends at most the units back when a sold-out variant gets stock; all when it becomes unlimited', () => {
    expect(automaticSendLimit(stock(0), stock(3))).toEqual({ limit: 3 });
    expect(automaticSendLimit(stock(0), stock(0, true))).toEqual({ limit: null });
  });
  it('sends nothing for more stock on a variant that had some, a first stock, or stock still at 0', () => {
    expect(automaticSendLimit(stock(2), stock(5))).toBeNull();
    expect(automaticSendLimit(stock(0, true), stock(5))).toBeNull();
    expect(automaticSendLimit(stock(0, false, false), stock(5))).toBeNull();
    expect(automaticSendLimit(stock(0), stock(0))).toBeNull();
  });
});

describe("the store's restock settings", () => {
  it('reads only the fields given, trimmed, and refuses blank, long, multi-line or unknown ones', () => {
    expect(parseRestockSettingsChanges({ restockNotificationsSuccessText: ' Thanks! ', restockNotificationMessages: { buttonText: 'Notify me' } })).toEqual({
      ok: true, value: { restockNotificationsSuccessText: 'Thanks!', restockNotificationMessages: { buttonText: 'Notify me' } },
    });
    for (const bad of [null, [], { x: 1 }, { restockNotificationsSuccessText: '' }, { restockNotificationsSuccessText: 'a\tb' }, { restockNotificationMessages: { CTAText: 'x'.repeat(201) } },
      { restockNotificationMessages: { other: 'x' } }, { automaticSendOnRestock: 1 }]) {
      expect(parseRestockSettingsChanges(bad).ok).toBe(false);
    }
  });
  it('records only what differs, and folds the changes', () => {
    const state = restockSettingsDecider.initialState();
    const same = restockSettingsDecider.decide({ type: 'ChangeRestockSettings', data: { changes: { restockNotificationsSuccessText: 'Signed up!' }, now: NOW } }, state);
    expect(same).toEqual({ ok: true, events: [] });
    const changed = restockSettingsDecider.decide({ type: 'ChangeRestockSettings', data: { changes: { automaticSendOnRestock: true, restockNotificationMessages: { buttonText: 'Sign Up', CTAText: 'Tell me' } }, now: NOW } }, state);
    expect(changed).toEqual({ ok: true, events: [{ type: 'RestockSettingsChanged', data: { changes: { automaticSendOnRestock: true, restockNotificationMessages: { CTAText: 'Tell me' } }, at: NOW } }] });
    const next = restockSettingsDecider.evolve(state, (changed as { events: RestockSettingsChanged[] }).events[0]!);
    expect(next).toMatchObject({ version: 1, settings: { automaticSendOnRestock: true, restockNotificationMessages: { CTAText: 'Tell me', buttonText: 'Sign Up' } } });
  });
});
