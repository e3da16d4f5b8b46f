import { COLLECTION_STREAM_TYPE, collectionStreamId, type CollectionRecord, type HistoryEntry } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { signIn as signInOwner, TEST_ADMIN, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { SiteLoader } from './site-loader';
import { SiteReadModel } from './site-read-model';

const EDITOR = { email: 'editor@example.com', password: 'a long enough password', roles: ['editor'] };
const SECOND_EDITOR = { email: 'second.editor@example.com', password: 'a long enough password', roles: ['editor'] };
const MANAGER = { email: 'manager@example.com', password: 'a long enough password', roles: ['store manager'] };
const CONFLICT = 'Someone else changed this since you opened it. Reload to see their changes, or apply yours on top of them.';

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Issue 12, items 8 and 9 on the site: every page, item, the settings and the layout have a history
 * from the log (who, when, version, a readable diff), any version can be restored with a new event,
 * and saves based on an older version are refused with 409 instead of overwriting someone's change.
 */
describeOnHttpDriver('edit history, restore and concurrent editing of the site', (driver) => {
  let t: TestApp;
  let admin: OwnerSession;
  let editor: OwnerSession;
  let second: OwnerSession;
  let manager: OwnerSession;

  const as = (who: OwnerSession, method: Method, path: string) => request(t.server)[method](path).set('Cookie', who.cookie).set('X-XSRF-Token', who.xsrf);
  const basedOn = (test: request.Test, version: number) => test.set('If-Match', `"${version}"`);
  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n);
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  const store = () => t.app.get<EventStore>(EVENT_STORE);
  const historyOf = async (path: string, who: OwnerSession = editor): Promise<{ version: number; entries: HistoryEntry[]; nextBefore: number | null }> => {
    const res = await as(who, 'get', path);
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
    return res.body;
  };
  const newPage = async (title: string): Promise<{ collection: CollectionRecord; version: number }> => {
    const res = await as(editor, 'post', '/api/site/collections').send({ kind: 'page', title, layout: { blocks: [{ type: 'quote', value: { text: 'First words.' } }] } });
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 201, body: { version: 1 } });
    return res.body;
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await signInOwner(t.server, TEST_ADMIN);
    for (const owner of [EDITOR, SECOND_EDITOR, MANAGER]) {
      expect((await as(admin, 'post', '/api/config/owners').send({ ...owner, currentPassword: TEST_ADMIN.password })).status).toBe(201);
    }
    editor = await signInOwner(t.server, EDITOR);
    second = await signInOwner(t.server, SECOND_EDITOR);
    manager = await signInOwner(t.server, MANAGER);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('a page', () => {
    it('reads with its version (also as the ETag), and each save answers the next one', async () => {
      const { collection, version } = await newPage('Opening Hours');
      const read = await as(manager, 'get', `/api/site/collections/${collection.id}`);
      expect(read.body.version).toBe(version);
      expect(read.headers.etag).toBe(`"${version}"`);
      const saved = await basedOn(as(editor, 'put', `/api/site/collections/${collection.id}`), version).send({ title: 'Hours' });
      expect({ status: saved.status, version: saved.body.version, etag: saved.headers.etag }).toEqual({ status: 200, version: 2, etag: '"2"' });
      // Without If-Match a save is not checked, as before.
      expect((await as(editor, 'put', `/api/site/collections/${collection.id}`).send({ title: 'Our Hours' })).body.version).toBe(3);
    });

    it('edit twice, restore version 1: the read model and the published page show version 1, the history shows the restore', async () => {
      const { collection } = await newPage('Visit Us');
      const first = await basedOn(as(editor, 'put', `/api/site/collections/${collection.id}`), 1).send({ title: 'Visit the Studio', description: '<p>Open on Saturdays.</p>' });
      expect(first.status).toBe(200);
      const layout = await basedOn(as(second, 'put', `/api/site/collections/${collection.id}/layout`), 2).send({ blocks: [{ type: 'quote', value: { text: 'Changed words.' } }] });
      expect({ status: layout.status, version: layout.body.version }).toEqual({ status: 200, version: 3 });

      const restored = await basedOn(as(second, 'post', `/api/site/collections/${collection.id}/restore`), 3).send({ version: 1 });
      expect({ status: restored.status, body: restored.body }).toMatchObject({
        status: 200, body: { version: 4, collection: { title: 'Visit Us', description: '', layout: { blocks: [{ typeName: 'quote', value: { text: 'First words.' } }] } } },
      });

      await catchUp();
      expect(await t.app.get(SiteReadModel).collection(collection.id)).toMatchObject({ title: 'Visit Us', layout: { blocks: [{ value: { text: 'First words.' } }] } });
      const page = await request(t.server).get(`/${collection.urlId}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('First words.');
      expect(page.text).not.toContain('Changed words.');
      expect(page.text).toContain('<title>Visit Us');

      const history = await historyOf(`/api/site/collections/${collection.id}/history`, manager);
      expect(history.version).toBe(4);
      expect(history.entries.map((e) => [e.version, e.type, e.actor.email, e.restoredVersion])).toEqual([
        [4, 'CollectionRestored', SECOND_EDITOR.email, 1],
        [3, 'CollectionLayoutChanged', SECOND_EDITOR.email, null],
        [2, 'CollectionDetailsChanged', EDITOR.email, null],
        [1, 'CollectionCreated', EDITOR.email, null],
      ]);
      const [restore, layoutChange, titleChange] = history.entries;
      expect(restore).toMatchObject({ label: 'Page restored', actor: { kind: 'owner', id: expect.any(String) } });
      expect(restore!.changes.map((c) => [c.field, c.before, c.after])).toEqual([
        ['Title', 'Visit the Studio', 'Visit Us'], ['Description text', 'Open on Saturdays.', null], ['Block 1 (quote)', 'Changed words.', 'First words.'],
      ]);
      expect(titleChange!.changes).toEqual([
        { key: 'title', field: 'Title', change: 'changed', before: 'Visit Us', after: 'Visit the Studio' },
        { key: 'description', field: 'Description text', change: 'added', before: null, after: 'Open on Saturdays.', summary: '0 → 18 characters' },
      ]);
      // Blocks sent without ids get new ones: the block in the same place reads as changed.
      expect(layoutChange!.changes).toEqual([{ key: expect.stringMatching(/^layout\./), field: 'Block 1 (quote)', change: 'changed', before: 'First words.', after: 'Changed words.' }]);
      expect(Date.parse(restore!.at)).toBeGreaterThanOrEqual(Date.parse(titleChange!.at));
      // Nothing was rewritten: the stream only grew.
      expect((await store().readStream(collectionStreamId(collection.id))).map((e) => e.type)).toEqual([
        'CollectionCreated', 'CollectionDetailsChanged', 'CollectionLayoutChanged', 'CollectionRestored',
      ]);
    });

    it('refuses a version that does not exist, and pages back through a long history', async () => {
      const { collection } = await newPage('Firing Schedule');
      for (let i = 0; i < 4; i++) await as(editor, 'put', `/api/site/collections/${collection.id}`).send({ title: `Firing Schedule ${i}` });
      const before = await eventCount();
      for (const version of [0, 6, 99]) {
        const res = await as(editor, 'post', `/api/site/collections/${collection.id}/restore`).send({ version });
        expect({ status: res.status, body: res.body }).toEqual({
          status: 404, body: { error: 'VERSION_NOT_FOUND', message: `There is no version ${version} of this to restore.`, version },
        });
      }
      expect((await as(editor, 'post', `/api/site/collections/${collection.id}/restore`).send({ version: 'one' })).status).toBe(400);
      expect((await as(editor, 'post', '/api/site/collections/no-such-page/restore').send({ version: 1 })).body.error).toBe('COLLECTION_NOT_FOUND');
      expect((await as(editor, 'get', '/api/site/collections/no-such-page/history')).status).toBe(404);
      expect(await eventCount()).toBe(before);

      const page1 = await historyOf(`/api/site/collections/${collection.id}/history?limit=2`);
      expect({ versions: page1.entries.map((e) => e.version), next: page1.nextBefore }).toEqual({ versions: [5, 4], next: 4 });
      const page2 = await historyOf(`/api/site/collections/${collection.id}/history?limit=2&before=4`);
      expect(page2.entries.map((e) => e.version)).toEqual([3, 2]);
      const page3 = await historyOf(`/api/site/collections/${collection.id}/history?limit=2&before=2`);
      expect({ versions: page3.entries.map((e) => e.version), next: page3.nextBefore }).toEqual({ versions: [1], next: null });
      expect((await as(editor, 'get', `/api/site/collections/${collection.id}/history?limit=0`)).status).toBe(400);
    });

    it('two saves based on the same version: one wins, the other gets 409 and writes nothing', async () => {
      const { collection } = await newPage('Glaze Notes');
      const mine = await basedOn(as(editor, 'put', `/api/site/collections/${collection.id}`), 1).send({ title: 'Glaze Notes (mine)' });
      expect(mine.status).toBe(200);
      const before = await eventCount();
      const theirs = await basedOn(as(second, 'put', `/api/site/collections/${collection.id}`), 1).send({ title: 'Glaze Notes (theirs)', urlId: 'glaze' });
      expect({ status: theirs.status, body: theirs.body }).toEqual({
        status: 409, body: { error: 'EDIT_CONFLICT', message: CONFLICT, expectedVersion: 1, currentVersion: 2 },
      });
      expect(await eventCount()).toBe(before);
      // The editor reloads (or applies on top of the current version).
      const onTop = await basedOn(as(second, 'put', `/api/site/collections/${collection.id}`), theirs.body.currentVersion).send({ title: 'Glaze Notes (both)' });
      expect({ status: onTop.status, title: onTop.body.collection.title, version: onTop.body.version }).toEqual({ status: 200, title: 'Glaze Notes (both)', version: 3 });
      expect((await as(editor, 'put', `/api/site/collections/${collection.id}`).set('If-Match', 'soon')).body).toMatchObject({ error: 'INVALID_REQUEST' });
    });

    it('real parallel saves based on one version, changing the URL too: exactly one lands, and the URL ids stay in step', async () => {
      const { collection } = await newPage('Workshop');
      const saves = await Promise.all(
        ['a', 'b', 'c', 'd'].map((who, i) => basedOn(as(i % 2 === 0 ? editor : second, 'put', `/api/site/collections/${collection.id}`), 1).send({ title: `Workshop ${who}`, urlId: `workshop-${who}` })),
      );
      expect(saves.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      const winner = saves.find((r) => r.status === 200)!;
      for (const lost of saves.filter((r) => r.status === 409)) expect(lost.body).toMatchObject({ error: 'EDIT_CONFLICT', expectedVersion: 1 });
      const events = await store().readStream(collectionStreamId(collection.id));
      expect(events.map((e) => e.type)).toEqual(['CollectionCreated', 'CollectionDetailsChanged']);
      // Nothing half-written: the site layout holds the URL id the page has (the losers gave theirs back).
      const loader = t.app.get(SiteLoader);
      const layout = await loader.layoutState();
      expect(layout.collections[collection.id]!.urlId).toBe(winner.body.collection.urlId);
      for (const who of ['a', 'b', 'c', 'd']) {
        const taken = Object.values(layout.collections).filter((c) => c.urlId === `workshop-${who}`);
        expect(taken.length).toBe(winner.body.collection.urlId === `workshop-${who}` ? 1 : 0);
      }
    });

    it('a stale delete is refused before any item goes', async () => {
      const blog = await as(editor, 'post', '/api/site/collections').send({ kind: 'blog', title: 'Kiln Diary' });
      const id = blog.body.collection.id;
      expect((await as(editor, 'post', `/api/site/collections/${id}/items`).send({ title: 'First firing' })).status).toBe(201);
      const before = await eventCount();
      const stale = await basedOn(as(editor, 'delete', `/api/site/collections/${id}`), 1);
      expect({ status: stale.status, error: stale.body.error, currentVersion: stale.body.currentVersion }).toEqual({ status: 409, error: 'EDIT_CONFLICT', currentVersion: 2 });
      expect(await eventCount()).toBe(before);
      expect((await basedOn(as(editor, 'delete', `/api/site/collections/${id}`), 2)).status).toBe(204);
    });
  });

  describe('a content item', () => {
    it('has a history, restores without touching its publish state, and refuses stale saves', async () => {
      const blog = await as(editor, 'post', '/api/site/collections').send({ kind: 'blog', title: 'Studio Notes' });
      const created = await as(editor, 'post', `/api/site/collections/${blog.body.collection.id}/items`).send({ title: 'Clay prices', body: '<p>Up again.</p>' });
      expect({ status: created.status, version: created.body.version }).toEqual({ status: 201, version: 1 });
      const itemId = created.body.item.id;
      expect((await basedOn(as(editor, 'put', `/api/site/items/${itemId}`), 1).send({ title: 'Clay prices rise' })).body.version).toBe(2);
      expect((await basedOn(as(second, 'post', `/api/site/items/${itemId}/publish`), 2).send({})).body).toMatchObject({ version: 3 });
      const stale = await basedOn(as(editor, 'put', `/api/site/items/${itemId}`), 2).send({ title: 'Clay prices fall', urlId: 'fall' });
      expect({ status: stale.status, error: stale.body.error }).toEqual({ status: 409, error: 'EDIT_CONFLICT' });

      const restored = await as(second, 'post', `/api/site/items/${itemId}/restore`).send({ version: 1 });
      expect({ status: restored.status, title: restored.body.item.title, version: restored.body.version }).toEqual({ status: 200, title: 'Clay prices', version: 4 });
      const history = await historyOf(`/api/site/items/${itemId}/history`);
      expect(history.entries.map((e) => [e.type, e.actor.email, e.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`)])).toEqual([
        ['ContentItemRestored', SECOND_EDITOR.email, ['Title: Clay prices rise → Clay prices']],
        ['ContentItemWorkflowChanged', SECOND_EDITOR.email, ['Publish state: Draft → Published', expect.stringMatching(/^Publish date: null → \d{4}-/)]],
        ['ContentItemEdited', EDITOR.email, ['Title: Clay prices → Clay prices rise']],
        ['ContentItemCreated', EDITOR.email, expect.arrayContaining(['Title: null → Clay prices', 'Text: null → Up again.'])],
      ]);
      await catchUp();
      const post = await request(t.server).get(restored.body.item.fullUrl);
      expect(post.status).toBe(200);
      expect(post.text).toContain('Clay prices');
    });
  });

  describe('the settings, header and footer (one website stream)', () => {
    it('refuses a stale settings save, keeps the history with the header, and restores', async () => {
      const read = await as(editor, 'get', '/api/site/settings');
      const v = read.body.version as number;
      const headerFooter = await as(editor, 'get', '/api/site-header-footer');
      expect(headerFooter.body.version).toBe(v);
      const saved = await basedOn(as(editor, 'put', '/api/site/settings'), v).send({ siteTagLine: 'Slow pots, fast friends' });
      expect(saved.body.version).toBe(v + 1);
      const header = await basedOn(as(second, 'put', '/api/site-header-footer'), v + 1).send({ header: '<p>Closed Mondays</p>' });
      expect(header.body).toMatchObject({ header: '<p>Closed Mondays</p>', version: v + 2 });
      const stale = await basedOn(as(editor, 'put', '/api/site/settings'), v + 1).send({ siteTagLine: 'Pots' });
      expect({ status: stale.status, body: stale.body }).toMatchObject({ status: 409, body: { error: 'EDIT_CONFLICT', expectedVersion: v + 1, currentVersion: v + 2 } });

      const history = await historyOf('/api/site/settings/history?limit=2');
      expect(history.entries.map((e) => [e.label, e.actor.email, e.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`)])).toEqual([
        ['Header and footer changed', SECOND_EDITOR.email, [expect.stringMatching(/^Header: .+ → Closed Mondays$/)]],
        ['Settings changed', EDITOR.email, [`Tag line: ${read.body.settings.siteTagLine} → Slow pots, fast friends`]],
      ]);
      const restored = await as(editor, 'post', '/api/site/settings/restore').send({ version: v });
      expect({ status: restored.status, tagLine: restored.body.settings.siteTagLine, version: restored.body.version }).toEqual({
        status: 200, tagLine: read.body.settings.siteTagLine, version: v + 3,
      });
      expect((await as(editor, 'get', '/api/site-header-footer')).body).toEqual({ ...headerFooter.body, version: v + 3 });
      const [entry] = (await historyOf('/api/site/settings/history?limit=1')).entries;
      expect(entry).toMatchObject({ type: 'WebsiteRestored', label: 'Settings restored', restoredVersion: v, changes: [{ field: 'Tag line' }, { field: 'Header' }] });
      await catchUp();
      expect((await t.app.get(SiteReadModel).headerFooter()).header).toBe(headerFooter.body.header);
    });
  });

  describe('navigation and the home page (the site layout)', () => {
    it('refuses a stale navigation save and shows the layout history', async () => {
      const layout = await as(editor, 'get', '/api/commondata/GetSiteLayout');
      const v = layout.body.version as number;
      expect(layout.headers.etag).toBe(`"${v}"`);
      const links = layout.body.layout.navigations.find((n: { name: string }) => n.name === 'mainNav').links;
      const saved = await basedOn(as(editor, 'post', '/api/widget/UpdateNavigation'), v).send({ fieldName: 'mainNav', templateId: null, navigation: { items: links.slice(1) } });
      expect({ status: saved.status, version: saved.body.version }).toEqual({ status: 200, version: v + 1 });
      const stale = await basedOn(as(second, 'post', '/api/widget/UpdateNavigation'), v).send({ fieldName: 'mainNav', templateId: null, navigation: { items: links } });
      expect({ status: stale.status, error: stale.body.error }).toEqual({ status: 409, error: 'EDIT_CONFLICT' });
      const staleHome = await basedOn(as(second, 'put', '/api/site/home'), v).send({ collectionId: 'about' });
      expect(staleHome.status).toBe(409);
      const [entry] = (await historyOf('/api/site/layout/history?limit=1')).entries;
      expect(entry).toMatchObject({ type: 'NavigationUpdated', label: 'Navigation changed', version: v + 1, actor: { email: EDITOR.email }, changes: [{ field: 'Main navigation' }] });
    });
  });

  describe('who may', () => {
    it('read history (any owner), restore (editors), and nobody signed out', async () => {
      const { collection } = await newPage('Policies');
      expect((await request(t.server).get(`/api/site/collections/${collection.id}/history`)).status).toBe(401);
      expect((await request(t.server).get('/api/site/settings/history')).status).toBe(401);
      expect((await request(t.server).post(`/api/site/collections/${collection.id}/restore`).send({ version: 1 })).status).toBe(401);
      expect((await as(manager, 'get', `/api/site/collections/${collection.id}/history`)).status).toBe(200);
      expect((await as(manager, 'post', `/api/site/collections/${collection.id}/restore`).send({ version: 1 })).status).toBe(403);
      expect((await as(manager, 'post', '/api/site/settings/restore').send({ version: 1 })).status).toBe(403);
      expect((await request(t.server).post(`/api/site/collections/${collection.id}/restore`).set('Cookie', editor.cookie).send({ version: 1 })).status).toBe(403); // no XSRF token
    });

    it('events appended before owners were recorded with their email still show who by id', async () => {
      const { collection } = await newPage('Legacy');
      await store().append(collectionStreamId(collection.id), [{ type: 'CollectionDetailsChanged', data: { collectionId: collection.id, changes: { title: 'Legacy page' }, changedAt: new Date().toISOString() } }], {
        streamType: COLLECTION_STREAM_TYPE, expectedVersion: 1,
        command: { commandId: crypto.randomUUID(), correlationId: 'test', causationId: null, actor: { kind: 'owner', id: 'old-owner-id' } },
      });
      const [entry] = (await historyOf(`/api/site/collections/${collection.id}/history?limit=1`)).entries;
      expect(entry!.actor).toEqual({ kind: 'owner', id: 'old-owner-id', email: null });
    });
  });
});
