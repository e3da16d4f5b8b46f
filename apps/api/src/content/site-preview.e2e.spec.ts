import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { signIn } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';

/**
 * The owner app's preview frame shows the published site as a signed-in owner sees it: pages
 * before they are published and posts while they are drafts, after each save; visitors still get
 * 404 for both until they are published.
 */
describeOnHttpDriver('the published site previewed by an owner', (driver) => {
  let t: TestApp;
  let owner: { cookie: string; xsrf: string };
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  const asOwner = (method: 'get' | 'post' | 'put', path: string) => request(t.server)[method](path).set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf);
  const visit = (path: string) => request(t.server).get(path);

  beforeAll(async () => {
    t = await startTestApp(driver);
    owner = await signIn(t.server, { email: 'owner@example.com', password: 'correct horse battery staple' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows an unpublished page to its owner, with each saved layout, and to visitors once published', async () => {
    const created = await asOwner('post', '/api/site/collections').send({
      kind: 'page', title: 'Spring preview', published: false, blocks: [{ type: 'html', value: { html: '<h2>First draft</h2>' } }],
    });
    expect(created.status).toBe(201);
    const { id, fullUrl } = created.body.collection as { id: string; fullUrl: string };
    await catchUp();

    expect((await visit(fullUrl)).status).toBe(404);
    const preview = await asOwner('get', fullUrl);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('<h2>First draft</h2>');
    expect(preview.headers['cache-control']).toBe('private, no-cache');
    expect((await asOwner('get', `${fullUrl}?format=json`)).body.collection).toMatchObject({ id, published: false });

    // The editor saves, the projection applies it, the frame loads the page again.
    const saved = await asOwner('put', `/api/site/collections/${id}/layout`).send({ blocks: [{ type: 'html', value: { html: '<h2>Second draft</h2>' } }] });
    expect(saved.status).toBe(200);
    await catchUp();
    const reloaded = await asOwner('get', fullUrl);
    expect(reloaded.text).toContain('<h2>Second draft</h2>');
    expect(reloaded.text).not.toContain('First draft');
    expect((await visit(fullUrl)).status).toBe(404);

    expect((await asOwner('put', `/api/site/collections/${id}`).send({ published: true })).status).toBe(200);
    await catchUp();
    const published = await visit(fullUrl);
    expect(published.status).toBe(200);
    expect(published.text).toContain('<h2>Second draft</h2>');
  });

  it('shows a draft post to its owner only, and nothing at paths that hold nothing', async () => {
    const created = await asOwner('post', '/api/site/collections/journal/items').send({ title: 'Notes in progress', body: '<p>Half a thought.</p>' });
    expect(created.status).toBe(201);
    expect(created.body.item).toMatchObject({ workflowState: 'Draft' });
    const { fullUrl } = created.body.item as { fullUrl: string };
    await catchUp();

    expect((await visit(fullUrl)).status).toBe(404);
    const preview = await asOwner('get', fullUrl);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Half a thought.');
    for (const path of ['/journal/no-such-post', '/no-such-page', '/journal/notes-in-progress/more']) expect((await asOwner('get', path)).status).toBe(404);
  });
});
