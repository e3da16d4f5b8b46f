/**
 * Issue 10, write side: contributor rich text is stored only as the allow-list sanitizer leaves it
 * (products for store managers; posts, page descriptions, header and footer, block captions for
 * editors), and raw markup blocks (html, embed, code) are the admin's alone.
 */
import type { CollectionRecord } from '@storefront/domain';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import request from 'supertest';
import { activeParts, XSS_PAYLOADS } from '../../test/xss-payloads';
import { signIn as signInOwner } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { WebsiteDirectory } from '../catalog';
import { DEMO_COLLECTION_IDS } from '../demo';

const ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };
const EDITOR = { email: 'xss-editor@example.com', password: 'a long enough password', roles: ['editor'] };
const MANAGER = { email: 'xss-manager@example.com', password: 'a long enough password', roles: ['store manager'] };
const PAYLOAD = XSS_PAYLOADS.join('');

type Session = { cookie: string; xsrf: string };

describeOnHttpDriver('rich text and raw blocks on write (issue 10)', (driver) => {
  let t: TestApp;
  let admin: Session;
  let editor: Session;
  let manager: Session;

  const signIn = (credentials: { email: string; password: string }) => signInOwner(t.server, credentials);
  const as = (who: Session, method: 'get' | 'post' | 'put', path: string) => request(t.server)[method](path).set('Cookie', who.cookie).set('X-XSRF-Token', who.xsrf);
  /** Every string of a stored event's data, checked for anything that would run. */
  const storedActiveParts = async () => {
    const { rows } = await t.db.query<{ data: unknown }>('SELECT data FROM events');
    const strings: string[] = [];
    JSON.stringify(rows, (_k, v) => (typeof v === 'string' && strings.push(v), v));
    return strings.flatMap((s) => activeParts(s));
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await signIn(ADMIN);
    for (const owner of [EDITOR, MANAGER]) {
      expect((await as(admin, 'post', '/api/config/owners').send({ ...owner, currentPassword: ADMIN.password })).status).toBe(201);
    }
    editor = await signIn(EDITOR);
    manager = await signIn(MANAGER);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stores a store manager's product description sanitized, keeping its formatting", async () => {
    const { websiteId } = await t.app.get(WebsiteDirectory).current();
    const products = `/api/content-service/product/1.1/websites/${websiteId}/products`;
    const created = await as(manager, 'post', products).send({
      title: 'Trap Mug', productType: 'PHYSICAL', variants: [{ sku: 'TRAP-1', priceCents: 1000, qtyInStock: 3 }],
      description: `<p>A <strong>good</strong> mug.</p>${PAYLOAD}`,
    });
    expect(created.status).toBe(201);
    expect(created.body.record.description).toMatch(/^<p>A <strong>good<\/strong> mug\.<\/p>/);
    expect(activeParts(created.body.record.description)).toEqual([]);
    const edited = await as(manager, 'put', `${products}/${created.body.record.id}`).send({ description: `${PAYLOAD}<ul><li>Dishwasher safe</li></ul>` });
    expect(edited.status).toBe(200);
    expect(edited.body.record.description).toContain('<ul><li>Dishwasher safe</li></ul>');
    expect(activeParts(edited.body.record.description)).toEqual([]);
  });

  it("stores an editor's posts, page descriptions, header and footer sanitized", async () => {
    const post = await as(editor, 'post', `/api/site/collections/${DEMO_COLLECTION_IDS.journal}/items`).send({
      title: 'Trap post', excerpt: `<p>Short</p>${PAYLOAD}`, body: `<h2>Long</h2>${PAYLOAD}`, workflowState: 'Published',
    });
    expect(post.status).toBe(201);
    expect(post.body.item.excerpt).toMatch(/^<p>Short<\/p>/);
    expect(post.body.item.body).toMatch(/^<h2>Long<\/h2>/);
    const edited = await as(editor, 'put', `/api/site/items/${post.body.item.id}`).send({ body: PAYLOAD, excerpt: PAYLOAD });
    expect(edited.status).toBe(200);
    const collection = await as(editor, 'put', `/api/site/collections/${DEMO_COLLECTION_IDS.journal}`).send({ description: `<p>Notes</p>${PAYLOAD}` });
    expect(collection.status).toBe(200);
    expect(collection.body.collection.description).toMatch(/^<p>Notes<\/p>/);
    const headerFooter = await as(editor, 'put', '/api/site-header-footer').send({ header: `<p class="announcement">Sale</p>${PAYLOAD}`, footer: PAYLOAD });
    expect(headerFooter.status).toBe(200);
    expect(headerFooter.body.header).toMatch(/^<p class="announcement">Sale<\/p>/);
    for (const html of [edited.body.item.body, edited.body.item.excerpt, collection.body.collection.description, headerFooter.body.header, headerFooter.body.footer]) {
      expect(activeParts(html)).toEqual([]);
    }
  });

  it("gives embed and code blocks and html blocks' layout markup to the admin alone (403 FORBIDDEN for an editor), and sanitizes every block", async () => {
    const page = { kind: 'page', title: 'Trap page' };
    for (const block of [{ type: 23, value: { code: 'x' } }, { type: 'embed', value: { html: '<p>x</p>' } }]) {
      const res = await as(editor, 'post', '/api/site/collections').send({ ...page, layout: { blocks: [block] } });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 403, error: 'FORBIDDEN' });
      expect(res.body.message).toMatch(/^Only an admin can add or change (code|embed) blocks\.$/);
    }
    // The editor's Heading and Text are html blocks: stored through the contributor policy, so
    // formatting stays and layout markup goes with the script.
    const text = await as(editor, 'post', '/api/site/collections').send({
      ...page, layout: { blocks: [{ id: 'h', type: 'html', value: { html: `<h2>Visit</h2><div class="grid"><p>Open <strong>daily</strong></p></div>${PAYLOAD}` } }] },
    });
    expect(text.status).toBe(201);
    const heading = (text.body.collection as CollectionRecord).layout!.blocks[0]!;
    expect(heading.value.html).toMatch(/^<h2>Visit<\/h2><p>Open <strong>daily<\/strong><\/p>/);
    expect(heading.value.html).not.toContain('<div');
    expect(activeParts(String(heading.value.html))).toEqual([]);
    // Other blocks are the editor's, sanitized (including a markdown block's rendered html, which a block keeps as given).
    const mine = await as(editor, 'post', '/api/site/collections').send({
      ...page, description: PAYLOAD,
      layout: { blocks: [{ id: 'cap', type: 'image', value: { imageId: 'img', caption: PAYLOAD } }, { id: 'md', type: 'markdown', value: { markdown: '# x', html: PAYLOAD } },
        { id: 'acc', type: 'accordion', value: { items: [{ title: 't', body: PAYLOAD }] } }, { id: 'news', type: 'newsletter', value: { description: PAYLOAD } }] },
    });
    expect(mine.status).toBe(201);
    const collection = mine.body.collection as CollectionRecord;

    // The admin adds an html block: kept, through the admin policy (layout markup yes, script no).
    const adminBlocks = [...collection.layout!.blocks.map(({ id, type, value }) => ({ id, type, value })), { id: 'raw', type: 2, value: { html: `<div class="grid"><p>Admin</p></div>${PAYLOAD}` } }];
    const withRaw = await as(admin, 'put', `/api/site/collections/${collection.id}/layout`).send({ blocks: adminBlocks });
    expect(withRaw.status).toBe(200);
    const raw = (withRaw.body.collection as CollectionRecord).layout!.blocks.find((b) => b.id === 'raw')!;
    expect(raw.value.html).toMatch(/^<div class="grid"><p>Admin<\/p><\/div>/);

    // The editor may still edit the page around the admin's blocks (which keep their markup), or
    // remove them, but not change a code block; an html block the editor rewrites is theirs, formatting only.
    const code = { id: 'code', type: 23, value: { code: '<b>admin</b>' } };
    const withCode = await as(admin, 'put', `/api/site/collections/${collection.id}/layout`).send({ blocks: [...adminBlocks, code] });
    expect(withCode.status).toBe(200);
    const stored = (withCode.body.collection as CollectionRecord).layout!.blocks.map(({ id, type, value }) => ({ id, type, value }));
    const others = stored.filter((b) => b.id !== 'raw' && b.id !== 'code');
    const reordered = await as(editor, 'put', `/api/site/collections/${collection.id}/layout`).send({ blocks: [...stored].reverse() });
    expect(reordered.status).toBe(200);
    expect((reordered.body.collection as CollectionRecord).layout!.blocks.find((b) => b.id === 'raw')!.value.html).toMatch(/^<div class="grid">/);
    const changedCode = stored.map((b) => (b.id === 'code' ? { ...b, value: { code: 'mine now' } } : b));
    const refused = await as(editor, 'put', `/api/site/collections/${collection.id}/layout`).send({ blocks: changedCode });
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 403, error: 'FORBIDDEN' });
    const changedHtml = stored.map((b) => (b.id === 'raw' ? { ...b, value: { html: '<div class="grid"><p>mine now</p></div>' } } : b));
    const rewritten = await as(editor, 'put', `/api/site/collections/${collection.id}/layout`).send({ blocks: changedHtml });
    expect(rewritten.status).toBe(200);
    expect((rewritten.body.collection as CollectionRecord).layout!.blocks.find((b) => b.id === 'raw')!.value.html).toBe('<p>mine now</p>');
    expect((await as(editor, 'put', `/api/site/collections/${collection.id}/layout`).send({ blocks: others })).status).toBe(200);
    // A store manager has no site rights at all.
    expect((await as(manager, 'put', `/api/site/collections/${collection.id}/layout`).send({ blocks: stored })).status).toBe(403);

    expect(await storedActiveParts()).toEqual([]);
  });
});
