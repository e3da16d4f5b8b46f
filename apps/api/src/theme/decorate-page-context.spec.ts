import { ERROR_MESSAGES, LOCALIZED_STRING_DEFAULTS, STRINGS } from '@storefront/domain';
import { decoratePageContext } from './decorate-page-context';
import { engineMoney, pricingView } from './product-view';
import { product, SAMPLE_NOW, samplePage } from '../../test/theme/sample-contexts';

describe('decoratePageContext', () => {
  it('leaves the page context it was given unchanged', () => {
    const context = samplePage('products-list');
    const before = JSON.stringify(context);
    decoratePageContext(context, { now: SAMPLE_NOW });
    expect(JSON.stringify(context)).toBe(before);
  });

  it('bridges the paths the engine reads: featureFlags.useCLDRMoneyFormat and websiteSettings.commentsEnabled', () => {
    const out = decoratePageContext(samplePage('home'), { now: SAMPLE_NOW });
    expect(out.featureFlags).toEqual({ useCLDRMoneyFormat: true });
    expect(out.websiteSettings).toMatchObject({ commentsEnabled: true, storeSettings: { selectedCurrency: 'USD' } });
    const off = decoratePageContext({ ...samplePage('home'), website: { ...samplePage('home').website, useCLDRMoneyFormat: false } }, { now: SAMPLE_NOW });
    expect(off.featureFlags.useCLDRMoneyFormat).toBe(false);
  });

  it('splits events into upcoming (soonest first) and past (latest first)', () => {
    const out = decoratePageContext(samplePage('events-list'), { now: SAMPLE_NOW });
    expect(out.theme.events!.upcoming.map((e) => e.urlId)).toEqual(['hudson-winter-market', 'glaze-mixing-afternoon', 'open-studio-saturday']);
    expect(out.theme.events!.past.map((e) => e.urlId)).toEqual(['beginner-wheel-workshop']);
  });

  it('sets active, folder and items on every navigation item', () => {
    const context = samplePage('home');
    const out = decoratePageContext({ ...context, navigation: { items: [{ title: 'Shop', fullUrl: '/shop' }] } }, { now: SAMPLE_NOW });
    expect(out.navigation!.items).toEqual([{ title: 'Shop', fullUrl: '/shop', active: false, folder: false, items: [] }]);
  });

  it('gives the first image of a list and the item page high priority', () => {
    const list = decoratePageContext(samplePage('blog-list'), { now: SAMPLE_NOW });
    const views = list.items!.map((i) => (i.view as { image: { loading: string } }).image.loading);
    expect(views).toEqual(['eager', 'lazy', 'lazy']);
  });

  it('gives high priority to the event an events page shows first, the soonest upcoming one, whatever the items order', () => {
    const page = samplePage('events-list');
    for (const items of [page.items!, [...page.items!].reverse()]) {
      const out = decoratePageContext({ ...page, items }, { now: SAMPLE_NOW });
      const priority = (e: object) => ((e as { view?: unknown }).view as { image: { fetchpriority: string } | null }).image?.fetchpriority;
      expect(out.theme.events!.upcoming.map(priority)).toEqual(['high', '', '']);
      expect(out.theme.events!.past.map(priority)).toEqual(['']);
    }
    // With only past events, the latest past one is shown first.
    const pastOnly = decoratePageContext({ ...page, items: page.items!.filter((e) => (e.endDate ?? e.startDate!) < SAMPLE_NOW) }, { now: SAMPLE_NOW });
    expect(pastOnly.items!.map((e) => (e.view as { image: { loading: string } | null }).image?.loading)).toEqual(['eager']);
  });

  it("dates an item in the website's time zone, also when its language is one Intl does not know", () => {
    // 20:00 UTC on 18 November 2026 is the 18th in New York (the default zone) and the 19th in Auckland.
    const publishOn = Date.UTC(2026, 10, 18, 20, 0);
    const context = samplePage('blog-item');
    const dated = (website: Partial<typeof context.website>) =>
      decoratePageContext({ ...context, website: { ...context.website, ...website }, item: { ...context.item!, publishOn } }, { now: SAMPLE_NOW })
        .item!.view as { publishedDate: string };
    expect(dated({ timeZone: 'Pacific/Auckland', language: 'en-US' }).publishedDate).toBe('November 19, 2026');
    expect(dated({ timeZone: 'Pacific/Auckland', language: 'not a locale!' }).publishedDate).toBe('November 19, 2026');
    expect(dated({ timeZone: 'Not/A_Zone', language: 'not a locale!' }).publishedDate).toBe('November 18, 2026');
  });

  it('takes one h1 from the blocks when an html block has its own', () => {
    expect(decoratePageContext(samplePage('home'), { now: SAMPLE_NOW }).theme.showPageTitle).toBe(false);
    expect(decoratePageContext(samplePage('classes'), { now: SAMPLE_NOW }).theme.showPageTitle).toBe(true);
  });
});

describe('strings the templates print', () => {
  const withLikert = (localizedStrings: Record<string, string>) => {
    const page = samplePage('classes');
    const blocks = page.collection!.layout!.blocks.map((b) =>
      b.typeName === 'form'
        ? { ...b, value: { ...b.value, form: { ...(b.value.form as object), fields: [{ id: 'rate', type: 'likert', title: 'Rate', options: ['Fun'] }, { id: 'n', type: 'text' }] } } }
        : b,
    );
    const out = decoratePageContext({ ...page, localizedStrings, collection: { ...page.collection!, layout: { ...page.collection!.layout!, blocks } } }, { now: SAMPLE_NOW });
    const form = out.collection!.layout!.blocks.find((b) => b.typeName === 'form')!.value.form as { fields: Record<string, unknown>[] };
    return form.fields;
  };

  it('gives each likert field its labels from localizedStrings, else the catalogue (SPEC 9 likert defaults)', () => {
    const [likert, text] = withLikert({ ...LOCALIZED_STRING_DEFAULTS, productAnswerMapNeutral: 'Neither' });
    expect(likert!.likertLabels).toEqual({ ...STRINGS.likert, neutral: 'Neither' });
    expect(text!.likertLabels).toBeUndefined();
    expect(withLikert({})[0]!.likertLabels).toEqual(STRINGS.likert);
  });

  it("titles the error page with the catalogue's 'Something went wrong'", () => {
    expect(decoratePageContext(samplePage('error'), { now: SAMPLE_NOW }).theme.errorTitle).toBe(ERROR_MESSAGES.INTERNAL);
    expect(decoratePageContext(samplePage('home'), { now: SAMPLE_NOW }).theme.errorTitle).toBeUndefined();
  });
});

describe('pricing for the engine', () => {
  it('hands product-price decimal amounts from minor-unit records', () => {
    const mug = product('p-stoneware-mug');
    const view = pricingView(mug);
    expect(view.structuredContent.variants[0]).toMatchObject({ price: 2800, priceMoney: { value: '28.00', currency: 'USD' } });
    expect(view.structuredContent.productType).toBe(1);
  });

  it('uses value as is when a money has no decimalValue', () => {
    expect(engineMoney({ value: '42.00', currency: 'EUR' })).toEqual({ value: '42.00', currency: 'EUR' });
    expect(engineMoney(null)).toEqual({ value: '0', currency: 'USD' });
  });
});

describe("a grid card's added-item popover thumbnail (issue 13)", () => {
  const thumbOf = (items: unknown[], id: string) => {
    const out = decoratePageContext({ ...samplePage('products-list'), items } as ReturnType<typeof samplePage>, { now: SAMPLE_NOW });
    const card = (out.items as unknown as { id: string; view: { addToCart: { thumbJson: string } } }[]).find((i) => i.id === id)!;
    return card.view.addToCart.thumbJson === '' ? null : (JSON.parse(card.view.addToCart.thumbJson) as { src: string; sizes: string; alt: string });
  };

  it("is the one variant's own image when the page resolved it, else the main image; none without either", () => {
    const vase = product('p-small-bud-vase');
    const sku = vase.structuredContent.variants[0]!.sku;
    const own = { assetUrl: '/static/images/vase-blue/vase-blue.jpg', originalSize: '600x600', title: 'Blue vase' };
    expect(thumbOf([vase], vase.id)).toMatchObject({ src: expect.stringContaining('/static/images/bud-vase/bud-vase.jpg'), sizes: '48px', alt: '' });
    expect(thumbOf([{ ...vase, variantImages: { [sku]: own } }], vase.id)?.src).toContain('/static/images/vase-blue/vase-blue.jpg');
    expect(thumbOf([{ ...vase, mainImage: null, assetUrl: null }], vase.id)).toBeNull();
  });
});
