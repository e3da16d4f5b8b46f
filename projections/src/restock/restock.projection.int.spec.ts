import {
  restockSendStreamId, restockSignUpStreamId, RESTOCK_SEND_STREAM_TYPE, RESTOCK_SIGN_UP_STREAM_TYPE,
  type RestockSendEvent, type RestockSignUpEvent,
} from '@storefront/domain';
import { describeEachDriver, testCommandContext } from '@storefront/eventstore/testing';
import { useProjectionHarness } from '../../testing/projection-harness';
import { readRestockGroups, readRestockSignUps, RESTOCK_SENDS, restockProjection } from './restock.projection';

const at = '2026-11-25T05:00:00.000Z';

describeEachDriver('restock projection', (driver) => {
  const h = useProjectionHarness(driver, () => [restockProjection]);
  const versions = new Map<string, number>();

  async function onSignUp(signUpId: string, ...events: RestockSignUpEvent[]) {
    const streamId = restockSignUpStreamId(signUpId);
    const version = versions.get(streamId) ?? 0;
    await h.store.append(streamId, events, {
      streamType: RESTOCK_SIGN_UP_STREAM_TYPE, expectedVersion: version === 0 ? 'no_stream' : version, command: testCommandContext(),
    });
    versions.set(streamId, version + events.length);
  }
  const signedUp = (signUpId: string, variantId = 'v1', email = `${signUpId}@example.com`, productId = 'p1'): RestockSignUpEvent => ({
    type: 'RestockSignedUp', data: { signUpId, productId, variantId, email, language: null, joinedMailingList: false, at },
  });
  const all = async (variantId: string, pageSize: number) => {
    const seen: string[] = [];
    let after = 0;
    for (;;) {
      const page = await readRestockSignUps(h.db, 'p1', variantId, after, pageSize);
      seen.push(...page.items.map((i) => i.signUpId));
      if (!page.hasNextPage) return seen;
      after = Number(page.nextPageCursor);
    }
  };

  it('lists sign-ups per variant in the order they came, and groups them with counts', async () => {
    for (const id of ['a', 'b', 'c']) await onSignUp(id, signedUp(id, 'v1'));
    await onSignUp('d', signedUp('d', 'v2'));
    await onSignUp('e', signedUp('e', 'v9', 'e@example.com', 'p2'));
    await h.runner.catchUp();
    expect(await all('v1', 2)).toEqual(['a', 'b', 'c']);
    const first = await readRestockGroups(h.db, null, 2);
    expect(first.items).toEqual([
      { productId: 'p1', variantId: 'v1', waiting: 3, queued: 0, notified: 0 },
      { productId: 'p1', variantId: 'v2', waiting: 1, queued: 0, notified: 0 },
    ]);
    expect(first.hasNextPage).toBe(true);
    const [productId, variantId] = JSON.parse(first.nextPageCursor!) as [string, string];
    const second = await readRestockGroups(h.db, { productId, variantId }, 2);
    expect(second).toEqual({ items: [{ productId: 'p2', variantId: 'v9', waiting: 1, queued: 0, notified: 0 }], hasNextPage: false, nextPageCursor: null });
  });

  it('follows a sign-up through queued, notified, unsubscribed and erased; a sign-up again goes to the end', async () => {
    await onSignUp('a', { type: 'RestockNotificationQueued', data: { signUpId: 'a', requestId: 'r1', productId: 'p1', variantId: 'v1', email: 'a@example.com', language: null, at } });
    await onSignUp('b', { type: 'RestockUnsubscribed', data: { signUpId: 'b', at } });
    await onSignUp('c', { type: 'RestockSignUpErased', data: { signUpId: 'c', at } });
    await h.runner.catchUp();
    const rows = (await readRestockSignUps(h.db, 'p1', 'v1', 0, 50)).items;
    expect(rows.map((r) => [r.signUpId, r.status])).toEqual([['a', 'queued'], ['b', 'unsubscribed']]);
    expect((await h.db.query(`SELECT 1 FROM restock_sign_ups WHERE email = 'c@example.com'`)).rows).toEqual([]);
    expect((await readRestockGroups(h.db, null, 10)).items[0]).toEqual({ productId: 'p1', variantId: 'v1', waiting: 0, queued: 1, notified: 0 });

    await onSignUp('a', { type: 'RestockNotificationSent', data: { signUpId: 'a', requestId: 'r1', at } });
    await onSignUp('b', signedUp('b', 'v1'));
    await h.runner.catchUp();
    const after = (await readRestockSignUps(h.db, 'p1', 'v1', 0, 50)).items;
    expect(after.map((r) => [r.signUpId, r.status])).toEqual([['a', 'notified'], ['b', 'waiting']]);
    expect(after[0]!.notifiedAt).toBe(at);
    expect((await readRestockSignUps(h.db, 'p1', 'v1', 0, 50, ['waiting'])).items.map((r) => r.signUpId)).toEqual(['b']);
  });

  it('pages through 1,000 sign-ups while new ones arrive, seeing every one once', async () => {
    const ids = Array.from({ length: 1000 }, (_v, i) => `bulk-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < ids.length; i += 100) {
      await h.store.appendMany(ids.slice(i, i + 100).map((id) => ({
        streamId: restockSignUpStreamId(id), events: [signedUp(id, 'v-bulk')], streamType: RESTOCK_SIGN_UP_STREAM_TYPE, expectedVersion: 'no_stream' as const, command: testCommandContext(),
      })));
    }
    await h.runner.catchUp();
    const seen: string[] = [];
    let after = 0;
    let arrived = 0;
    for (;;) {
      const page = await readRestockSignUps(h.db, 'p1', 'v-bulk', after, 37);
      seen.push(...page.items.map((i) => i.signUpId));
      // Between pages, three more sign up.
      if (arrived < 30) {
        for (let k = 0; k < 3; k++, arrived++) await onSignUp(`late-${arrived}`, signedUp(`late-${arrived}`, 'v-bulk'));
        await h.runner.catchUp();
      }
      if (!page.hasNextPage) break;
      after = Number(page.nextPageCursor);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 1000)).toEqual(ids);
    expect(seen.length).toBeGreaterThanOrEqual(1000);
    expect(seen.filter((s) => s.startsWith('late-'))).toHaveLength(seen.length - 1000);
  });

  it('records send requests and their completion', async () => {
    const send = async (...events: RestockSendEvent[]) =>
      h.store.append(restockSendStreamId('r1'), events, { streamType: RESTOCK_SEND_STREAM_TYPE, expectedVersion: 'no_stream', command: testCommandContext() });
    await send(
      { type: 'RestockSendRequested', data: { requestId: 'r1', productId: 'p1', variantId: 'v1', limit: 3, automatic: true, at } },
      { type: 'RestockSendCompleted', data: { requestId: 'r1', queued: 2, at } },
    );
    await h.runner.catchUp();
    expect((await h.db.query(`SELECT request_id, send_limit, automatic, status, queued FROM ${RESTOCK_SENDS}`)).rows).toEqual([
      { request_id: 'r1', send_limit: 3, automatic: true, status: 'completed', queued: 2 },
    ]);
  });

  it('is the same after a rebuild (verify)', async () => {
    await h.runner.rebuild('restock');
    expect((await h.runner.verify(['restock']))[0]!.ok).toBe(true);
  });
});
