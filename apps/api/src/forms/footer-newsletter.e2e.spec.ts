import { ERROR_MESSAGES } from '@storefront/domain';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import request from 'supertest';
import { signIn, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';

/** Issue 14 part 8: the footer's newsletter sign-up, chosen with the header and footer, on every page. */
describeOnHttpDriver('the footer newsletter (issue 14 part 8)', (driver) => {
  let t: TestApp;
  let owner: OwnerSession;
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  const ownerCall = (method: 'get' | 'post' | 'put', url: string) => request(t.server)[method](url).set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf);
  const eventCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);
  const footerOf = async (path: string) => (await request(t.server).get(`${path}?format=json`).expect(200)).body.headerFooter;

  beforeAll(async () => {
    t = await startTestApp(driver);
    owner = await signIn(t.server);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is seeded by the demo: every page shows the newsletter in its footer, once (the home page has it in a block)', async () => {
    const stored = (await ownerCall('get', '/api/site-header-footer').expect(200)).body;
    expect(stored).toMatchObject({ newsletterFormId: 'newsletter' });

    const contact = await footerOf('/contact');
    expect(contact.newsletterFormId).toBe('newsletter');
    expect(contact.newsletter).toMatchObject({ id: 'footer-newsletter', typeName: 'newsletter', value: { formId: 'newsletter', form: { id: 'newsletter', kind: 'newsletter' } } });
    // The published form only: no owner storage settings.
    expect(contact.newsletter.value.form.storage).toBeUndefined();

    const html = (await request(t.server).get('/contact').expect(200)).text;
    const footer = html.slice(html.indexOf('<footer class="site-footer">'));
    expect(footer).toContain('data-island="newsletter" data-block-id="footer-newsletter" data-form="newsletter" data-load="visible"');
    // The cart's and the checkout's budgets are the purchase path's: their footer newsletter loads once used.
    expect((await request(t.server).get('/cart').expect(200)).text).toContain('data-block-id="footer-newsletter" data-form="newsletter" data-load="interaction"');
    expect(footer).toContain('<script type="application/json" data-form-definition="newsletter">');
    // A page that is no page of the site has the footer too.
    expect((await request(t.server).get('/no-such-page').expect(404)).text).toContain('data-block-id="footer-newsletter"');

    const home = (await request(t.server).get('/').expect(200)).text;
    expect(home).toContain('data-block-id="home-newsletter" data-form="newsletter"');
    expect(home).not.toContain('data-block-id="footer-newsletter"');
    expect((await footerOf('/')).newsletter).toBeNull();
  });

  it('refuses a form id the site does not have, or a form that is not a newsletter, with a clear 400 and no event', async () => {
    const before = await eventCount();
    const unknown = await ownerCall('put', '/api/site-header-footer').send({ newsletterFormId: 'no-such-form' });
    expect({ status: unknown.status, body: unknown.body }).toMatchObject({
      status: 400,
      body: { error: 'FOOTER_NEWSLETTER_FORM_UNKNOWN', message: ERROR_MESSAGES.FOOTER_NEWSLETTER_FORM_UNKNOWN.replace('{formId}', 'no-such-form') },
    });
    const contactForm = await ownerCall('put', '/api/site-header-footer').send({ newsletterFormId: 'contact-form' });
    expect({ status: contactForm.status, error: contactForm.body.error }).toEqual({ status: 400, error: 'FOOTER_NEWSLETTER_NOT_NEWSLETTER' });
    expect(contactForm.body.message).toBe('The form contact-form is not a newsletter form; the footer shows newsletter forms only.');
    const long = await ownerCall('put', '/api/site-header-footer').send({ newsletterFormId: 'x'.repeat(5000) });
    expect({ status: long.status, error: long.body.error }).toEqual({ status: 400, error: 'FOOTER_NEWSLETTER_FORM_UNKNOWN' });
    expect(long.body.message.length).toBeLessThan(200);
    const notText = await ownerCall('put', '/api/site-header-footer').send({ newsletterFormId: 42 });
    expect({ status: notText.status, error: notText.body.error }).toEqual({ status: 400, error: 'INVALID_TEXT_FIELD' });
    expect(await eventCount()).toBe(before);
    expect((await ownerCall('get', '/api/site-header-footer').expect(200)).body.newsletterFormId).toBe('newsletter');
  });

  it('takes a newsletter form made a moment ago, keeps the header and footer, and none ("" or null) takes it out', async () => {
    const { header, footer } = (await ownerCall('get', '/api/site-header-footer').expect(200)).body;
    await ownerCall('post', '/api/config/forms').send({ id: 'studio-news', kind: 'newsletter', name: 'Studio news' }).expect(201);
    const set = await ownerCall('put', '/api/site-header-footer').send({ newsletterFormId: 'studio-news' }).expect(200);
    expect(set.body).toMatchObject({ header, footer, newsletterFormId: 'studio-news' });
    await catchUp();
    expect((await footerOf('/contact')).newsletter.value.form).toMatchObject({ id: 'studio-news', name: 'Studio news' });
    // Now the home page's block (the demo newsletter) and the footer's differ: both show.
    const home = (await request(t.server).get('/').expect(200)).text;
    expect(home).toContain('data-block-id="footer-newsletter" data-form="studio-news"');

    // The same choice again is no change: no event.
    const before = await eventCount();
    await ownerCall('put', '/api/site-header-footer').send({ newsletterFormId: 'studio-news' }).expect(200);
    expect(await eventCount()).toBe(before);

    const none = await ownerCall('put', '/api/site-header-footer').send({ newsletterFormId: '' }).expect(200);
    expect(none.body).toMatchObject({ header, footer, newsletterFormId: null });
    await catchUp();
    expect(await footerOf('/contact')).toMatchObject({ newsletterFormId: null, newsletter: null });
    expect((await request(t.server).get('/contact').expect(200)).text).not.toContain('data-block-id="footer-newsletter"');

    // Header and footer edits leave the choice alone.
    await ownerCall('put', '/api/site-header-footer').send({ newsletterFormId: 'newsletter' }).expect(200);
    const edited = await ownerCall('put', '/api/site-header-footer').send({ footer: '<p>Open Saturdays</p>' }).expect(200);
    expect(edited.body).toMatchObject({ footer: '<p>Open Saturdays</p>', newsletterFormId: 'newsletter' });
    await ownerCall('put', '/api/site-header-footer').send({ footer }).expect(200);
  });

  it('keeps each choice in the settings history, and a restore brings the earlier one back', async () => {
    const v = (await ownerCall('get', '/api/site-header-footer').expect(200)).body.version as number;
    await ownerCall('put', '/api/site-header-footer').send({ newsletterFormId: 'studio-news' }).expect(200);
    const history = (await ownerCall('get', '/api/site/settings/history?limit=1').expect(200)).body;
    expect(history.entries[0]).toMatchObject({ label: 'Header and footer changed', changes: [{ field: 'Footer newsletter', before: 'newsletter', after: 'studio-news' }] });
    const restored = await ownerCall('post', '/api/site/settings/restore').send({ version: v }).expect(200);
    expect(restored.body.version).toBe(v + 2);
    expect((await ownerCall('get', '/api/site-header-footer').expect(200)).body.newsletterFormId).toBe('newsletter');
    const [entry] = (await ownerCall('get', '/api/site/settings/history?limit=1').expect(200)).body.entries;
    expect(entry).toMatchObject({ type: 'WebsiteRestored', changes: [{ field: 'Footer newsletter' }] });
    await catchUp();
    expect((await footerOf('/contact')).newsletter.value.formId).toBe('newsletter');
  });
});
