import {
  RESTOCK_SETTINGS_STREAM_ID, RESTOCK_SETTINGS_STREAM_TYPE, restockSignUpStreamId, RESTOCK_SIGN_UP_STREAM_TYPE, type NewsletterSignedUp, type RestockSignUpEvent,
} from '@storefront/domain';
import { describeEachDriver, testCommandContext } from '@storefront/eventstore/testing';
import { useProjectionHarness } from '../../testing/projection-harness';
import { formsProjection, readMailingList, RESTOCK_MAILING_LIST_SOURCE } from '../forms/forms.projection';
import { readRestockSiteSettings, restockProjection } from './restock.projection';

const at = '2026-11-25T05:00:00.000Z';
const later = '2026-11-26T05:00:00.000Z';

describeEachDriver('restock sign-ups in the mailing list, and the restock settings', (driver) => {
  const h = useProjectionHarness(driver, () => [formsProjection, restockProjection]);
  const versions = new Map<string, number>();
  async function append(streamId: string, streamType: string, ...events: { type: string; data: unknown }[]) {
    const version = versions.get(streamId) ?? 0;
    await h.store.append(streamId, events, { streamType, expectedVersion: version === 0 ? 'no_stream' : version, command: testCommandContext() });
    versions.set(streamId, version + events.length);
  }
  const signedUp = (signUpId: string, email: string, joinedMailingList: boolean, when = at): RestockSignUpEvent => ({
    type: 'RestockSignedUp', data: { signUpId, productId: 'p1', variantId: signUpId, email, language: null, joinedMailingList, at: when },
  });
  const onSignUp = (signUpId: string, ...events: RestockSignUpEvent[]) => append(restockSignUpStreamId(signUpId), RESTOCK_SIGN_UP_STREAM_TYPE, ...events);
  // The tests share one database: each looks at its own addresses.
  const emails = async (...of: string[]) => (await readMailingList(h.db, 1, 100)).entries.filter((e) => of.includes(e.email)).map((e) => [e.email, e.formId]);

  it('adds an address that opted in, once however often it signs up, and not one that did not', async () => {
    await onSignUp('a', signedUp('a', 'ada@example.com', true));
    await onSignUp('b', signedUp('b', 'ada@example.com', true, later));
    await onSignUp('c', signedUp('c', 'bob@example.com', false));
    await h.runner.catchUp();
    expect(await emails('ada@example.com', 'bob@example.com')).toEqual([['ada@example.com', RESTOCK_MAILING_LIST_SOURCE]]);
    const row = (await readMailingList(h.db, 1, 10)).entries.find((e) => e.email === 'ada@example.com');
    expect(row).toMatchObject({ signedUpAt: at, lastSignedUpAt: later, name: '' });
  });

  it('keeps the newsletter form row of an address that was already there, and its name', async () => {
    const newsletter: NewsletterSignedUp = { type: 'NewsletterSignedUp', data: { formId: 'f1', submissionId: 's1', email: 'cy@example.com', name: 'Cy', at } };
    await append('form-f1-newsletter', 'form', newsletter);
    await onSignUp('d', signedUp('d', 'cy@example.com', true, later));
    await onSignUp('d', { type: 'RestockSignUpErased', data: { signUpId: 'd', at: later } });
    await h.runner.catchUp();
    expect((await readMailingList(h.db, 1, 10)).entries.filter((e) => e.email === 'cy@example.com')).toEqual([expect.objectContaining({ name: 'Cy', formId: 'f1' })]);
  });

  it('forgets the address the erased sign-up added', async () => {
    await onSignUp('e', signedUp('e', 'eve@example.com', true));
    await h.runner.catchUp();
    expect(await emails('eve@example.com')).toEqual([['eve@example.com', RESTOCK_MAILING_LIST_SOURCE]]);
    await onSignUp('e', { type: 'RestockSignUpErased', data: { signUpId: 'e', at: later } });
    await h.runner.catchUp();
    expect(await emails('eve@example.com')).toEqual([]);
  });

  it('reads the defaults, then the settings as changed', async () => {
    expect(await readRestockSiteSettings(h.db)).toMatchObject({ restockNotificationsSuccessText: 'Signed up!', automaticSendOnRestock: false });
    await append(RESTOCK_SETTINGS_STREAM_ID, RESTOCK_SETTINGS_STREAM_TYPE,
      { type: 'RestockSettingsChanged', data: { changes: { restockNotificationsSuccessText: 'Thanks!', restockNotificationMessages: { buttonText: 'Notify me' } }, at } },
      { type: 'RestockSettingsChanged', data: { changes: { automaticSendOnRestock: true }, at: later } });
    await h.runner.catchUp();
    const settings = await readRestockSiteSettings(h.db);
    expect(settings).toMatchObject({ restockNotificationsSuccessText: 'Thanks!', automaticSendOnRestock: true });
    expect(settings.restockNotificationMessages).toMatchObject({ buttonText: 'Notify me', placeholderText: 'Your Email' });
  });
});
