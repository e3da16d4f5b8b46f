import { parseRequest } from '../shared/requests';
import {
  CreateCollectionRequest, editContentItemRequest, GalleryOptionsRequest, HeaderFooterRequest, LayoutRequest, newContentItemRequest,
  PagePasswordRequest, UnlockPageRequest, UpdateNavigationRequest, WebsiteSettingsRequest,
} from './requests';

describe('site request schemas', () => {
  it('settings: aliases, case and the first problem with its SPEC code', () => {
    expect(parseRequest(WebsiteSettingsRequest, { title: 'Clay', currency: 'eur', captchaSettings: { siteKey: '' }, siteStatus: { value: 'paid' } })).toEqual({
      ok: true, value: { siteTitle: 'Clay', currency: 'EUR', captchaSiteKey: null, siteStatus: 'paid' },
    });
    expect(parseRequest(WebsiteSettingsRequest, { websiteType: 9 })).toMatchObject({ ok: false, error: { code: 'NOT_AN_EXPECTED_OPTION', details: { field: 'websiteType', val: '9' } } });
    expect(parseRequest(WebsiteSettingsRequest, { shareButtonOptions: { myspace: true } })).toMatchObject({ ok: false, error: { code: 'NOT_AN_EXPECTED_OPTION' } });
    expect(parseRequest(WebsiteSettingsRequest, { socialAccounts: [{ serviceName: 'x' }] })).toMatchObject({
      ok: false, error: { code: 'INVALID_TEXT_FIELD', message: 'socialAccounts[0].profileUrl must be text.' },
    });
    expect(parseRequest(HeaderFooterRequest, { header: null })).toEqual({ ok: true, value: { header: '' } });
  });

  it('layouts: a list or { blocks }, each block checked with its index', () => {
    expect(parseRequest(LayoutRequest, [{ type: 'html', value: { html: 'x' } }])).toEqual({ ok: true, value: [{ id: undefined, type: 2, value: { html: 'x' } }] });
    expect(parseRequest(LayoutRequest, { blocks: [{ type: 'html' }, { type: 'sparkles' }] })).toMatchObject({
      ok: false, error: { code: 'INVALID_BLOCK', details: { index: 1, reason: 'unknown block type' }, message: 'Block 2: sparkles is not a block type.' },
    });
    expect(parseRequest(LayoutRequest, { blocks: 'none' })).toMatchObject({ ok: false, error: { message: 'blocks must be a list.' } });
    expect(parseRequest(GalleryOptionsRequest, { options: { design: 'grid' } })).toEqual({ ok: true, value: { design: 'grid' } });
  });

  it('collections: the kind decides whether a store id belongs', () => {
    expect(parseRequest(CreateCollectionRequest, { kind: 'boat', title: 'T' })).toMatchObject({ ok: false, error: { code: 'NOT_AN_EXPECTED_OPTION' } });
    expect(parseRequest(CreateCollectionRequest, { kind: 'page', title: 'T', storeCollectionId: 's' })).toMatchObject({ ok: false, error: { code: 'WRONG_COLLECTION_KIND' } });
    expect(parseRequest(CreateCollectionRequest, { kind: 'products', title: 'T' })).toMatchObject({ ok: false, error: { code: 'INVALID_TEXT_FIELD', details: { field: 'storeCollectionId' } } });
    expect(parseRequest(PagePasswordRequest, {})).toMatchObject({ ok: false, error: { code: 'PAGE_PASSWORD_INVALID' } });
    expect(parseRequest(PagePasswordRequest, { password: null })).toEqual({ ok: true, value: null });
  });

  it('navigation: links by path, folders one level deep, templateId at most 200 characters', () => {
    const nav = (items: unknown, extra = {}) => parseRequest(UpdateNavigationRequest, { navigation: { items }, ...extra });
    expect(nav([{ externalLink: { url: 'https://a.example', title: 'A', newWindow: true } }])).toEqual({
      ok: true, value: { fieldName: '', templateId: null, items: [{ collectionId: null, externalLink: 'https://a.example', title: 'A', newWindow: true, memberAreaId: null, children: [] }] },
    });
    expect(nav([{ children: [{ externalLink: { url: 5 } }] }])).toMatchObject({ ok: false, error: { message: 'navigation.items[0].children[0].externalLink.url must be text.' } });
    expect(nav([{ children: [{ children: [{ children: [{}] }] }] }])).toMatchObject({
      ok: false, error: { code: 'INVALID_NAVIGATION', details: { link: 'navigation.items[0].children[0].children[0]' }, message: 'Folders hold links one level deep.' },
    });
    expect(nav('x')).toMatchObject({ ok: false, error: { code: 'INVALID_NAVIGATION', message: 'navigation.items must be a list of links.' } });
    expect(nav([], { templateId: 'x'.repeat(201) })).toMatchObject({ ok: false, error: { code: 'INVALID_TEXT_FIELD', message: 'templateId is too long.' } });
  });

  it('content items: by kind (an image reads description, a post needs a title)', () => {
    expect(parseRequest(newContentItemRequest('post'), { body: 'b' })).toMatchObject({ ok: false, error: { code: 'INVALID_TEXT_FIELD', details: { field: 'title' } } });
    expect(parseRequest(newContentItemRequest('image'), { description: 5 })).toMatchObject({ ok: false, error: { details: { field: 'description' } } });
    expect(parseRequest(editContentItemRequest('event'), { startDate: 'soon' })).toMatchObject({ ok: false, error: { code: 'INVALID_DATE', details: { field: 'startDate' } } });
    expect(parseRequest(editContentItemRequest('event'), { location: { mapLat: 'n' } })).toMatchObject({ ok: false, error: { code: 'INVALID_LOCATION', details: { field: 'location.mapLat' } } });
    expect(parseRequest(editContentItemRequest('post'), { commentState: true, author: 'Ana', urlId: 'Hello There' })).toEqual({
      ok: true, value: { changes: { commentState: 1, author: { displayName: 'Ana' } }, wantedUrlId: 'hello-there' },
    });
  });

  it('lock screen: the password sent, or \'\' for anything else (a wrong password\'s answer, never a 400)', () => {
    expect(parseRequest(UnlockPageRequest, { password: 'open sesame' })).toEqual({ ok: true, value: 'open sesame' });
    for (const body of [{}, { password: 7 }, { password: ['a', 'b'] }, { password: null }, [1], 'password=x', null, undefined]) {
      expect(parseRequest(UnlockPageRequest, body)).toEqual({ ok: true, value: '' });
    }
  });
});
