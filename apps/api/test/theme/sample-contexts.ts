/**
 * Realistic page contexts for the demo site "Clay & Co." (docs/SITE-CONTEXT.md), one per template
 * and design: the theme's tests render every one, and write-sample-pages writes them as HTML.
 * Products come from the demo store through the catalog's own record builders, so their shape
 * (and their money in minor units) is exactly what the read models produce.
 */
import {
  orderFromCart, orderView, productMerchandisingContext, productRecord, shoppingCartView, type CartEntryState, type PageType, type ProductRecord,
} from '@storefront/domain';
import type { CommerceInput, CommerceItem } from '../../src/theme/commerce-view';
import { demoCatalog } from '../../src/demo/demo-store';
import type { GalleryOptions } from '../../src/theme/gallery-view';
import { GALLERY_DEFAULTS } from '../../src/theme/gallery-view';
import type { ImageAsset } from '../../src/theme/image-view';
import type { Block, Collection, ContentItem, NavigationItem, PageContext } from '../../src/theme/page-context';

/** Monday 23 November 2026, noon in Hudson, NY. */
export const SAMPLE_NOW = Date.UTC(2026, 10, 23, 17, 0, 0);
const DAY = 86_400_000;
const WEBSITE_ID = 'site-clay-and-co';
const BASE_URL = 'https://clayandco.example';

export type SampleImage = ImageAsset & { id: string; filename: string; originalSize: string; colorData: Record<string, string>; systemDataVariants: string };

/** Image assets as the media read model serves them (SPEC 'Image asset'). `tone` picks the placeholder's colours. */
function image(id: string, filename: string, originalSize: string, fields: { altText?: string; title?: string; body?: string; tone?: string } = {}): SampleImage {
  const [w] = originalSize.split('x').map(Number);
  return {
    id,
    assetUrl: `/static/images/${id}/${filename}`,
    originalSize,
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    colorData: { topLeftAverage: 'c9a07a', topRightAverage: 'b88a66', bottomLeftAverage: '8a5a3c', bottomRightAverage: '6e4630', centerAverage: fields.tone ?? 'a4502f' },
    altText: fields.altText ?? '',
    title: fields.title ?? '',
    body: fields.body ?? '',
    filename,
    systemDataVariants: [originalSize, ...[100, 300, 500, 750, 1000, 1500, 2500].filter((x) => x <= w!).map((x) => `${x}w`)].join(','),
  };
}

export const IMAGES = {
  logo: image('logo-clay-and-co', 'logo.png', '600x200', { title: 'Clay & Co. logo', tone: '2b2420' }),
  hero: image('hero-studio', 'hero-studio.jpg', '2400x1350', { altText: 'Shelves of glazed mugs and bowls in the Clay & Co. studio', tone: 'b07a52' }),
  about: image('about-ana', 'about-ana.jpg', '1600x1067', { altText: 'Ana trimming a bowl at the wheel', tone: '8c6a4f' }),
  shelves: image('studio-shelves', 'studio-shelves.jpg', '2000x1500', { title: 'The finished-work shelves', body: '<p>Glazed work waiting for photographs and the shop.</p>', tone: 'c4a484' }),
  wheel: image('wheel-throwing', 'wheel-throwing.jpg', '1800x1200', { title: 'At the wheel', body: '<p>Pulling the walls of a serving bowl.</p>', tone: '7a5538' }),
  bowls: image('bowls-drying', 'bowls-drying.jpg', '1500x1500', { title: 'Bowls drying', body: '<p>Cereal bowls drying slowly under plastic before trimming.</p>', tone: 'd8c3a5' }),
  kiln: image('kiln-opening', 'kiln-opening.jpg', '2048x1365', { title: 'Opening the kiln', body: '<p>The first cone 6 load, still warm.</p>', tone: '9c4a2a' }),
  glazeTests: image('glaze-tests', 'glaze-tests.jpg', '1600x1200', { title: 'Glaze test tiles', body: '<p>A season of test tiles, one row per bucket.</p>', tone: '5f7a6a' }),
  mugSand: image('mug-sand', 'mug-sand.jpg', '1200x1200', { altText: 'A sand-glazed stoneware mug on a wooden table', title: 'Sand glaze mug', tone: 'd9bf9a' }),
  mugMoss: image('mug-moss', 'mug-moss.jpg', '1200x1200', { title: 'Moss glaze mug', body: '<p>Moss green pooling at the foot.</p>', tone: '6d7f4f' }),
  vase: image('vase-ash', 'vase-ash.jpg', '900x1200', { title: 'Ash vase', body: '<p>A small vase with a wood-ash glaze.</p>', tone: 'a89a7c' }),
  handles: image('handles-drying', 'handles-drying.jpg', '1600x1067', { altText: 'A row of mugs with freshly pulled handles', tone: 'bfa386' }),
  market: image('winter-market', 'winter-market.jpg', '1600x900', { altText: 'The Clay & Co. table at the Hudson Winter Market', tone: '8a6b55' }),
  workshop: image('workshop-hands', 'workshop-hands.jpg', '1400x933', { altText: 'Hands centring clay on a wheel', tone: '9b7352' }),
  glazeBuckets: image('glaze-buckets', 'glaze-buckets.jpg', '1400x933', { altText: 'Glaze buckets on the glaze-room floor', tone: '6f8c8a' }),
  openStudio: image('open-studio', 'open-studio.jpg', '1400x933', { altText: 'Visitors in the open studio', tone: 'b58e6b' }),
  apron: image('linen-apron', 'linen-apron.jpg', '1200x1500', { altText: 'A rust linen apron hanging on a hook', tone: '9c4f32' }),
  apronIndigo: image('linen-apron-indigo', 'linen-apron-indigo.jpg', '1200x1500', { altText: 'An indigo linen apron', tone: '3d4f6e' }),
  book: image('glaze-book', 'glaze-book.jpg', '1200x1200', { altText: 'Cover of the glaze recipe book', tone: 'e0cfa9' }),
  bowl: image('serving-bowl', 'serving-bowl.jpg', '1200x1200', { altText: 'A wide serving bowl in a speckled white glaze', tone: 'e8e0d2' }),
  plate: image('dinner-plate', 'dinner-plate.jpg', '1200x1200', { altText: 'A ridged dinner plate in sand glaze', tone: 'cdb28f' }),
  plateMoss: image('dinner-plate-moss', 'dinner-plate-moss.jpg', '1200x1200', { altText: 'A ridged dinner plate in moss glaze', tone: '6f7f52' }),
  budVase: image('bud-vase', 'bud-vase.jpg', '1000x1250', { altText: 'A small bud vase holding a single stem', tone: 'b9a08a' }),
  classImg: image('class-wheel', 'class-wheel.jpg', '1400x1400', { altText: 'A student at the wheel during a class', tone: '8e6446' }),
  giftCard: image('gift-card', 'gift-card.jpg', '1200x1200', { altText: 'The Clay & Co. gift card', tone: 'a4502f' }),
  teaBowl: image('tea-bowl', 'tea-bowl.jpg', '1200x1200', { altText: 'A tea bowl with a blue-grey glaze', tone: '6b7b8c' }),
  notes: image('studio-notes', 'studio-notes.jpg', '1200x1200', { altText: 'A notebook with firing logs', tone: 'd6c7a8' }),
  tiny: image('tiny-stamp', 'stamp.png', '80x80', { altText: 'The studio stamp', tone: '2b2420' }),
} satisfies Record<string, SampleImage>;

// ---------------------------------------------------------------------------------------------
// Website, navigation, frame

export const SAMPLE_WEBSITE = {
  id: WEBSITE_ID,
  siteTitle: 'Clay & Co.',
  siteTagLine: 'Small-batch stoneware from a two-wheel studio in Hudson, New York',
  baseUrl: BASE_URL,
  timeZone: 'America/New_York',
  useCLDRMoneyFormat: true,
  language: 'en-US',
  siteStatus: { value: 1 },
  websiteType: 1,
  expiration: null,
  trialDaysLeft: null,
  commentsEnabled: true,
  simpleLikingEnabled: true,
  disqusShortname: null,
  shareButtonOptions: { facebook: true, twitter: true, pinterest: true, email: true },
  socialAccounts: [
    { serviceName: 'instagram', userName: 'clayandco.studio', profileUrl: 'https://www.instagram.com/clayandco.studio' },
    { serviceName: 'pinterest', userName: 'clayandco', profileUrl: 'https://www.pinterest.com/clayandco' },
    { serviceName: 'facebook', userName: 'clayandcostudio', profileUrl: 'https://www.facebook.com/clayandcostudio' },
    { serviceName: 'email', userName: 'hello', profileUrl: 'mailto:hello@clayandco.example' },
  ],
  logoImageUrl: null,
};

function navigation(activeUrl: string): { items: NavigationItem[] } {
  const link = (title: string, fullUrl: string): NavigationItem => ({ title, fullUrl, active: fullUrl === activeUrl, folder: false, items: [] });
  const studio = [link('About', '/about'), link('Wholesale', '/wholesale'), link('Studio Members', '/studio-members')];
  return {
    items: [
      link('Home', '/'),
      link('Shop', '/shop'),
      link('Journal', '/journal'),
      link('Events', '/events'),
      link('Gallery', '/gallery'),
      { title: 'The Studio', fullUrl: '/studio', active: studio.some((s) => s.active), folder: true, items: studio },
    ],
  };
}

const HEADER_FOOTER = {
  header: '<p class="announcement">Free shipping on orders over $75 · Studio open Saturdays 11–4</p>',
  footer:
    '<p>Clay &amp; Co. · 12 Kiln Lane, Hudson, NY 12534</p>' +
    '<p><a href="mailto:hello@clayandco.example">hello@clayandco.example</a> · Every piece is thrown, trimmed and glazed by hand.</p>',
};

export const LOCALIZED_STRINGS: Record<string, string> = {
  productAddToCartText: 'Add To Cart',
  productSubscribeText: 'Subscribe',
  productQuantityInputLabel: 'Quantity',
  productSoldOutText: 'sold out',
  productSaleText: 'sale',
  productQuickViewText: 'Quick View',
  productVariantSelectText: 'Select {variantName}',
  giftCardValueDisplayText: 'Value',
  giftCardVariantSelectText: 'Select Value',
  productSummaryFormNoAnswerText: 'N/A',
};

type Frame = {
  pageType: PageType;
  path: string;
  title: string;
  description?: string;
  ogImage?: ImageAsset | null;
  collection?: Collection | null;
};

/** The fields every page context carries (SITE-CONTEXT.md), around a page's own. */
function frame(f: Frame, rest: Partial<PageContext>): PageContext {
  const collection = f.collection ?? null;
  return {
    pageType: f.pageType,
    website: SAMPLE_WEBSITE,
    websiteSettings: { storeSettings: { selectedCurrency: 'USD', expressCheckout: false, multipleQuantityAllowedForServices: true } },
    navigation: navigation(f.path),
    headerFooter: HEADER_FOOTER,
    collection,
    items: [],
    item: null,
    pagination: { nextPage: false, nextPageUrl: null, prevPage: false, prevPageUrl: null },
    localizedStrings: LOCALIZED_STRINGS,
    productMerchandisingContext: {},
    seo: {
      title: f.title === SAMPLE_WEBSITE.siteTitle ? f.title : `${f.title} — ${SAMPLE_WEBSITE.siteTitle}`,
      description: f.description ?? SAMPLE_WEBSITE.siteTagLine,
      canonicalUrl: `${BASE_URL}${f.path}`,
      ogImage: f.ogImage ? `${BASE_URL}${f.ogImage.assetUrl}?format=1500w` : null,
    },
    siteContext: {
      website: { id: WEBSITE_ID, siteTitle: SAMPLE_WEBSITE.siteTitle, timeZone: SAMPLE_WEBSITE.timeZone, useCLDRMoneyFormat: true },
      websiteRoles: {},
      storeSettings: { selectedCurrency: 'USD', expressCheckout: false, multipleQuantityAllowedForServices: true },
      betaFeatureFlags: [],
      collection: collection ? { id: collection.id, type: collection.type } : null,
      pageType: f.pageType,
    },
    ...rest,
  };
}

function collection(id: string, typeName: string, title: string, fullUrl: string, over: Partial<Collection> = {}): Collection {
  const types: Record<string, number> = { page: 10, blog: 1, events: 1, gallery: 1, products: 13, folder: 1 };
  return {
    id,
    title,
    description: '',
    fullUrl,
    type: types[typeName] ?? 1,
    typeName,
    folder: false,
    folderBehavior: 1,
    itemCount: 0,
    passwordProtected: false,
    membersOnly: false,
    ...over,
  };
}

// ---------------------------------------------------------------------------------------------
// Products (the demo store)

const PRODUCT_IMAGES: Record<string, { images: SampleImage[]; excerpt: string }> = {
  'p-stoneware-mug': { images: [IMAGES.mugSand, IMAGES.mugMoss], excerpt: '<p>Our everyday mug: 12 oz, a wide thumb rest and a foot left bare to show the clay.</p>' },
  'p-linen-apron': { images: [IMAGES.apron, IMAGES.apronIndigo], excerpt: '<p>Washed heavy linen with cross-back straps and two deep pockets.</p>' },
  'p-glaze-recipes': { images: [IMAGES.book], excerpt: '<p>Forty cone 6 recipes with firing schedules and photos of every tile.</p>' },
  'p-serving-bowl': { images: [IMAGES.bowl], excerpt: '<p>A wide, shallow bowl for salads, noodles and big family dinners.</p>' },
  'p-ridged-dinner-plate': { images: [IMAGES.plate, IMAGES.plateMoss], excerpt: '<p>Carved-rim plates in two glazes, two sizes and two finishes.</p>' },
  'p-small-bud-vase': { images: [IMAGES.budVase], excerpt: '<p>A single-stem vase from the test kiln.</p>' },
  'p-throwing-class': { images: [IMAGES.classImg], excerpt: '<p>Three hours at the wheel, clay and firing included.</p>' },
  'p-studio-gift-card': { images: [IMAGES.giftCard], excerpt: '<p>For anything in the shop or a class.</p>' },
  'p-tea-club': { images: [IMAGES.teaBowl], excerpt: '<p>A new tea bowl each month for a year.</p>' },
  'p-studio-notes': { images: [IMAGES.notes], excerpt: '<p>Firing logs and video lessons for members.</p>' },
};

const catalog = demoCatalog(WEBSITE_ID, new Date(SAMPLE_NOW - 60 * DAY).toISOString());

/** The variants' own images (issue 13), among their product's sample images. */
const VARIANT_IMAGES: Record<string, SampleImage> = {
  'MUG-SAND': IMAGES.mugSand,
  'MUG-MOSS': IMAGES.mugMoss,
  'APRON-INDIGO-S': IMAGES.apronIndigo,
  'APRON-INDIGO-L': IMAGES.apronIndigo,
  'PLATE-MOSS-8-GLOSS': IMAGES.plateMoss,
  'PLATE-MOSS-10-GLOSS': IMAGES.plateMoss,
};

/** Every demo product as the catalog read model records it, with images and an excerpt added. */
export const PRODUCTS: (ProductRecord & ContentItem)[] = catalog.map(({ product, stock }) => {
  const record = productRecord(product, (sku) => stock[sku]);
  const extra = PRODUCT_IMAGES[product.id] ?? { images: [], excerpt: '' };
  const [main, ...rest] = extra.images;
  const variants = record.structuredContent.variants.map((v) => (VARIANT_IMAGES[v.sku] ? { ...v, imageId: VARIANT_IMAGES[v.sku]!.id } : v));
  return {
    ...record,
    structuredContent: { ...record.structuredContent, variants },
    description: `<p>${product.description}</p>`,
    excerpt: extra.excerpt,
    mainImageId: main?.id ?? null,
    assetUrl: main?.assetUrl ?? null,
    mainImage: main ?? null,
    items: rest,
    addedOn: SAMPLE_NOW - 60 * DAY,
    publishOn: SAMPLE_NOW - 60 * DAY,
  } as ProductRecord & ContentItem;
});

export const MERCHANDISING: Record<string, Record<string, unknown>> = Object.fromEntries(
  catalog.map(({ product, stock }) => [product.id, productMerchandisingContext(productRecord(product, (sku) => stock[sku]), product)]),
);

export function product(id: string): ProductRecord & ContentItem {
  const found = PRODUCTS.find((p) => p.id === id);
  if (!found) throw new Error(`No demo product ${id}`);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Journal, events, gallery

const JOURNAL = collection('journal', 'blog', 'Journal', '/journal', {
  description: '<p>Notes from the studio: firings, glazes and the occasional disaster.</p>',
  itemCount: 3,
});

function post(fields: Partial<ContentItem> & { id: string; urlId: string; title: string; daysAgo: number }): ContentItem {
  const { daysAgo, ...rest } = fields;
  return {
    fullUrl: `/journal/${fields.urlId}`,
    recordType: 1,
    collectionId: 'journal',
    workflowState: 'Published',
    commentState: 1,
    likeCount: 4,
    publicCommentCount: 0,
    addedOn: SAMPLE_NOW - daysAgo * DAY,
    updatedOn: SAMPLE_NOW - daysAgo * DAY,
    publishOn: SAMPLE_NOW - daysAgo * DAY,
    ...rest,
  };
}

export const POSTS: ContentItem[] = [
  post({
    id: 'post-a-week-of-mugs',
    urlId: 'a-week-of-mugs',
    title: 'A week of mugs: throwing, trimming, handles',
    daysAgo: 5,
    excerpt: '<p>What it takes to get sixty mugs from a bag of clay to the shop shelf.</p>',
    body:
      '<p>Monday is throwing day. We wedge the clay into 400-gram balls and throw sixty cylinders in a morning, each one measured against a gauge so the set matches.</p>' +
      '<h2>Trimming</h2><p>Tuesday the mugs are leather hard and ready to trim. Trimming gives each one its foot and takes off the extra weight at the base, which is the difference between a mug that feels heavy and one that feels balanced.</p>' +
      '<h2>Handles</h2><p>Wednesday is handles. We pull them from a lump of soft clay, let them stiffen for an hour, and attach them with slip. Then the mugs dry slowly under plastic for most of a week so that the handles do not crack away from the body.</p>',
    mainImageId: IMAGES.handles.id,
    assetUrl: IMAGES.handles.assetUrl,
    mainImage: IMAGES.handles,
    tags: ['mugs', 'wheel'],
    categories: ['Process'],
    author: { displayName: 'Ana Ruiz' },
    publicCommentCount: 1,
  }),
  post({
    id: 'post-why-we-mix-our-own-glazes',
    urlId: 'why-we-mix-our-own-glazes',
    title: 'Why we mix our own glazes',
    daysAgo: 15,
    excerpt: '<p>Commercial glazes are reliable. Ours are a little less reliable, and a lot more ours.</p>',
    body: '<p>Every glaze on our shelves starts as a recipe card and a row of buckets: silica, feldspar, whiting, kaolin, and a pinch of colourant.</p>',
    mainImageId: IMAGES.glazeTests.id,
    assetUrl: IMAGES.glazeTests.assetUrl,
    mainImage: IMAGES.glazeTests,
    tags: ['glaze', 'process'],
    categories: ['Process'],
    author: { displayName: 'Tom Becker' },
    publicCommentCount: 5,
  }),
  post({
    id: 'post-first-cone-6-firing',
    urlId: 'first-cone-6-firing',
    title: 'Opening the kiln after our first cone 6 firing',
    daysAgo: 24,
    excerpt: '',
    body:
      '<p>We switched from cone 10 reduction to cone 6 electric this autumn, mostly for the sake of our neighbours and our gas bill. The first firing of the new kiln went in on a Thursday night: forty mugs, a dozen serving bowls and a shelf of test tiles.</p>',
    mainImageId: IMAGES.kiln.id,
    assetUrl: IMAGES.kiln.assetUrl,
    mainImage: IMAGES.kiln,
    tags: ['kiln', 'firing', 'cone 6'],
    categories: ['Studio Notes'],
    author: { displayName: 'Ana Ruiz' },
    publicCommentCount: 0,
  }),
];

const EVENTS_COLLECTION = collection('events', 'events', 'Events', '/events', {
  description: '<p>Workshops, markets and open studio days.</p>',
  itemCount: 4,
});

const STUDIO_LOCATION = {
  addressTitle: 'Clay & Co. Studio',
  addressLine1: '12 Kiln Lane',
  addressLine2: 'Hudson, NY 12534',
  addressCountry: 'US',
  mapLat: 42.2529,
  mapLng: -73.791,
  mapZoom: 15,
};
const MARKET_LOCATION = {
  addressTitle: 'Riverfront Hall',
  addressLine1: '1 Front Street',
  addressLine2: 'Hudson, NY 12534',
  addressCountry: 'US',
  mapLat: 42.2541,
  mapLng: -73.7984,
  mapZoom: 16,
};

function event(fields: Partial<ContentItem> & { id: string; urlId: string; title: string; startDate: number; endDate: number }): ContentItem {
  return {
    fullUrl: `/events/${fields.urlId}`,
    recordType: 12,
    collectionId: 'events',
    workflowState: 'Published',
    commentState: 0,
    publicCommentCount: 0,
    addedOn: SAMPLE_NOW - 30 * DAY,
    publishOn: SAMPLE_NOW - 30 * DAY,
    ...fields,
  };
}

export const EVENTS: ContentItem[] = [
  event({
    id: 'event-beginner-wheel-workshop',
    urlId: 'beginner-wheel-workshop',
    title: 'Beginner Wheel Workshop',
    excerpt: '<p>Three hours at the wheel for complete beginners. Clay, tools and firing included.</p>',
    body: '<p>Centre, open and pull your first cylinders with Ana. Everyone leaves with two pieces to be trimmed, glazed and fired by the studio.</p>',
    mainImage: IMAGES.workshop,
    mainImageId: IMAGES.workshop.id,
    assetUrl: IMAGES.workshop.assetUrl,
    // Monday 9 November, 10am to 1pm in Hudson: past.
    startDate: Date.UTC(2026, 10, 9, 15, 0, 0),
    endDate: Date.UTC(2026, 10, 9, 18, 0, 0),
    location: STUDIO_LOCATION,
    tags: ['workshop', 'wheel'],
  }),
  event({
    id: 'event-hudson-winter-market',
    urlId: 'hudson-winter-market',
    title: 'Hudson Winter Market',
    excerpt: '<p>Find us at the riverfront winter market, both days of the weekend.</p>',
    body: '<p>We will have seconds at half price, the new speckled dinner plates and gift cards. Come and say hello at the table by the big window.</p>',
    mainImage: IMAGES.market,
    mainImageId: IMAGES.market.id,
    assetUrl: IMAGES.market.assetUrl,
    // Saturday 10am to Sunday 5pm in Hudson: two UTC days, so both dates show.
    startDate: Date.UTC(2026, 11, 5, 15, 0, 0),
    endDate: Date.UTC(2026, 11, 6, 22, 0, 0),
    location: MARKET_LOCATION,
    tags: ['markets'],
  }),
  event({
    id: 'event-glaze-mixing-afternoon',
    urlId: 'glaze-mixing-afternoon',
    title: 'Glaze Mixing Afternoon',
    excerpt: '<p>Weigh, sieve and test a cone 6 glaze from raw materials.</p>',
    body: '<p>A hands-on afternoon in the glaze room: reading a recipe, weighing raw materials safely, sieving and applying.</p>',
    mainImage: IMAGES.glazeBuckets,
    mainImageId: IMAGES.glazeBuckets.id,
    assetUrl: IMAGES.glazeBuckets.assetUrl,
    // Saturday 12 December, 1pm to 4pm in Hudson: one UTC day.
    startDate: Date.UTC(2026, 11, 12, 18, 0, 0),
    endDate: Date.UTC(2026, 11, 12, 21, 0, 0),
    location: STUDIO_LOCATION,
    tags: ['workshop', 'glaze'],
  }),
  event({
    id: 'event-open-studio-saturday',
    urlId: 'open-studio-saturday',
    title: 'Open Studio Saturday',
    excerpt: '<p>Watch a throwing demo, see the kiln, and shop the seconds shelf.</p>',
    body: '<p>The studio doors are open all afternoon. Ana throws at 1pm and 3pm.</p>',
    mainImage: IMAGES.openStudio,
    mainImageId: IMAGES.openStudio.id,
    assetUrl: IMAGES.openStudio.assetUrl,
    // Saturday 19 December, 11am to 4pm in Hudson.
    startDate: Date.UTC(2026, 11, 19, 16, 0, 0),
    endDate: Date.UTC(2026, 11, 19, 21, 0, 0),
    location: STUDIO_LOCATION,
  }),
];

const GALLERY_IMAGES = [IMAGES.shelves, IMAGES.wheel, IMAGES.bowls, IMAGES.kiln, IMAGES.glazeTests, IMAGES.mugSand, IMAGES.mugMoss, IMAGES.vase];

/** Gallery images as content items (recordType image), each carrying its asset. */
export const GALLERY_ITEMS: ContentItem[] = GALLERY_IMAGES.map((img) => ({
  id: `image-${img.id}`,
  fullUrl: `/gallery/${img.id}`,
  urlId: img.id,
  title: img.title ?? '',
  body: img.body ?? '',
  excerpt: '',
  recordType: 2,
  collectionId: 'gallery',
  mainImageId: img.id,
  assetUrl: img.assetUrl,
  mainImage: img,
  addedOn: SAMPLE_NOW - 30 * DAY,
  publishOn: SAMPLE_NOW - 30 * DAY,
}));

// ---------------------------------------------------------------------------------------------
// Pages made of blocks

const block = (id: string, typeName: string, type: number, value: Record<string, unknown>): Block => ({ id, type, typeName, value });
const html = (id: string, markup: string) => block(id, 'html', 2, { html: markup });

const HOME_BLOCKS: Block[] = [
  html('home-hero', '<h1>Made slowly, used every day</h1><p>Mugs, bowls and plates thrown on the wheel in our Hudson studio, fired to cone 6 and glazed in small batches.</p>'),
  block('home-hero-image', 'image', 5, { imageId: IMAGES.hero.id, image: IMAGES.hero, altText: 'Shelves of glazed mugs and bowls in the Clay & Co. studio' }),
  block('home-shop-button', 'button', 53, { label: 'Shop the collection', url: '/shop' }),
  block('home-spacer', 'spacer', 21, { height: 40 }),
  html('home-featured-title', '<h2>From the shelves</h2>'),
  block('home-product-mug', 'product', 43, { productId: 'p-stoneware-mug', product: product('p-stoneware-mug') }),
  block('home-product-bowl', 'product', 43, { productId: 'p-serving-bowl', product: product('p-serving-bowl') }),
  block('home-product-vase', 'product', 43, { productId: 'p-small-bud-vase', product: product('p-small-bud-vase') }),
  html('home-journal-title', '<h2>From the journal</h2>'),
  block('home-journal-summary', 'summary-v2', 55, { collectionId: 'journal', pageSize: 3, design: 'grid', items: POSTS }),
  block('home-newsletter', 'newsletter', 51, {
    title: 'Kiln days, in your inbox',
    description: '<p>One email when a firing comes out of the kiln. No more than twice a month.</p>',
    buttonLabel: 'Sign up',
  }),
];

const ABOUT_BLOCKS: Block[] = [
  html(
    'about-intro',
    '<h1>About the studio</h1><p>Clay &amp; Co. began in 2019 with one secondhand wheel in a garage and a kiln we were slightly afraid of. Today it is two wheels, a forty-cubic-foot electric kiln and a small shop on Kiln Lane, run by Ana Ruiz and Tom Becker.</p>',
  ),
  block('about-portrait', 'image', 5, { imageId: IMAGES.about.id, image: IMAGES.about, altText: 'Ana trimming a bowl at the wheel', caption: '<p>Ana, trimming a batch of cereal bowls.</p>' }),
  block('about-quote', 'quote', 31, { text: 'A good mug should feel right in the hand before you ever taste the coffee.', source: 'Ana Ruiz' }),
  html('about-process', '<h2>How we work</h2><p>Everything is thrown from a buff stoneware body we buy by the ton from a clay supplier two hours north. We mix every glaze ourselves from raw materials, test each batch on tiles, and fire in small loads.</p>'),
  block('about-rule', 'horizontal-rule', 47, {}),
  block('about-faq', 'accordion', 69, {
    items: [
      { title: 'Is your tableware food safe?', body: '<p>Yes. All of our glazes are lead-free and tested for leaching by an independent lab every year.</p>' },
      { title: 'Can it go in the dishwasher and microwave?', body: '<p>Yes to both. Hand washing keeps the glaze glossy for longer, but the pieces are made to be used.</p>' },
      { title: 'Do you take custom orders?', body: '<p>We take a handful of wedding and restaurant commissions each year.</p>' },
    ],
  }),
  block('about-spacer', 'spacer', 21, { height: 24 }),
  html('about-visit', '<h2>Visit us</h2><p>The studio shop is open on Saturdays from 11 to 4, and by appointment during the week.</p>'),
  block('about-map', 'map', 4, { location: STUDIO_LOCATION, zoom: 15 }),
  block('about-social', 'social-account-links-v2', 54, {}),
  block('about-shop-button', 'button', 53, { label: 'Visit the shop', url: '/shop' }),
];

/** A page with the remaining block types: form, video, markdown, code, a gallery block, a link that opens a new tab. */
const CLASSES_BLOCKS: Block[] = [
  html('classes-intro', '<p>Small classes, six people at most, on Saturday mornings and Wednesday evenings.</p>'),
  block('classes-video', 'video', 32, {
    url: 'https://vimeo.com/000000',
    caption: '<p>Two minutes in a Saturday morning class.</p>',
    oembed: { html: '<iframe src="https://player.vimeo.com/video/000000" title="A Saturday class at Clay &amp; Co." width="640" height="360" allow="fullscreen" loading="lazy"></iframe>', providerName: 'Vimeo' },
  }),
  block('classes-markdown', 'markdown', 44, {
    markdown: '## What to bring\n\n- Clothes that can get muddy\n- Short nails\n',
    html: '<h2>What to bring</h2><ul><li>Clothes that can get muddy</li><li>Short nails, or a willingness to trim them</li></ul>',
  }),
  block('classes-gallery', 'gallery', 8, {
    imageIds: [IMAGES.workshop.id, IMAGES.wheel.id, IMAGES.bowls.id],
    images: [IMAGES.workshop, IMAGES.wheel, IMAGES.bowls],
    options: { ...GALLERY_DEFAULTS, design: 'grid', 'thumbnails-per-row': 3, 'aspect-ratio': '4:3', padding: 12 },
  }),
  block('classes-code', 'code', 23, { code: 'Firing schedule (cone 6):\n  100°C/h to 600°C\n  150°C/h to 1222°C, hold 10 min', language: 'text' }),
  block('classes-button', 'button', 53, { label: 'Read our class policies', url: 'https://clayandco.example/policies.pdf', newWindow: true }),
  block('classes-form', 'form', 9, {
    formId: 'form-class-enquiry',
    form: {
      id: 'form-class-enquiry',
      name: 'Ask about a class',
      submitButtonText: 'Send enquiry',
      parsedDisclaimerMessage: '<p>We only use your details to answer this enquiry.</p>',
      fields: [
        { id: 'name', type: 'name', title: 'Name', required: true },
        { id: 'email', type: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
        { id: 'phone', type: 'phone', title: 'Phone', description: 'Only if you would like a call back.' },
        { id: 'class', type: 'select', title: 'Which class?', required: true, options: ['Beginner Wheel', 'Glaze Mixing', 'Private lesson'] },
        { id: 'experience', type: 'radio', title: 'Have you thrown before?', options: ['Never', 'A few times', 'Regularly'] },
        { id: 'days', type: 'checkbox', title: 'Days that suit you', options: ['Wednesday evening', 'Saturday morning'] },
        { id: 'details', type: 'section', title: 'Anything else', description: 'Accessibility needs, questions, gift bookings.' },
        { id: 'message', type: 'textarea', title: 'Message', placeholder: 'Tell us a little about what you would like to make' },
        { id: 'source', type: 'hidden', title: 'Source', value: 'classes-page' },
      ],
    },
  }),
];

// ---------------------------------------------------------------------------------------------
// The sample pages

export type SamplePage = { name: string; context: PageContext };

const galleryOptions = (over: Partial<GalleryOptions>): GalleryOptions => ({ ...GALLERY_DEFAULTS, ...over });

const GALLERY_DESIGNS: Record<string, GalleryOptions> = {
  grid: galleryOptions({ design: 'grid', 'aspect-ratio': '4:3', 'thumbnails-per-row': 4, lightbox: true, 'show-meta': true }),
  slideshow: galleryOptions({ design: 'slideshow', autoplay: true, 'autoplay-duration': 4, controls: true, thumbnails: true, 'thumbnail-strip-height': 72, 'show-meta-only-title': true, 'auto-crop': false, 'aspect-ratio': '3:2' }),
  slider: galleryOptions({ design: 'slider', 'active-alignment': 'left', padding: 16, 'show-meta-basic': true, 'meta-position': 'bottom-left', 'show-meta-on-hover': true }),
  stacked: galleryOptions({ design: 'stacked', padding: 40, 'auto-crop': false, 'show-meta': true, 'meta-position': 'top', lightbox: true, lightboxTheme: 'light' }),
};

function galleryPage(design: string): SamplePage {
  const gallery = collection('gallery', 'gallery', 'Gallery', '/gallery', {
    description: '<p>A look around the studio.</p>',
    galleryOptions: GALLERY_DESIGNS[design],
    itemCount: GALLERY_ITEMS.length,
  });
  return {
    name: `gallery-${design}`,
    context: frame(
      { pageType: 1, path: '/gallery', title: 'Gallery', description: 'A look around the Clay & Co. studio.', ogImage: IMAGES.shelves, collection: gallery },
      { items: GALLERY_ITEMS },
    ),
  };
}

function productPage(id: string, prev: string | null, next: string | null): SamplePage {
  const p = product(id);
  const shop = collection('shop', 'products', 'Shop', '/shop', { itemCount: PRODUCTS.length });
  const neighbour = (pid: string | null) => (pid ? { title: product(pid).title, fullUrl: product(pid).fullUrl } : null);
  return {
    name: `product-${p.urlId}`,
    context: frame(
      { pageType: 50, path: p.fullUrl, title: p.title, description: String(p.structuredContent ? p.description ?? '' : '').replace(/<[^>]+>/g, ''), ogImage: p.mainImage, collection: shop },
      {
        item: p,
        productMerchandisingContext: { [p.id]: MERCHANDISING[p.id]! },
        pagination: { nextPage: false, nextPageUrl: null, prevPage: false, prevPageUrl: null, prevItem: neighbour(prev), nextItem: neighbour(next) },
      },
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Cart, checkout and order pages (issue 13)

/** A cart entry of a demo product's variant. */
function cartEntry(id: string, productId: string, sku: string, quantity: number): CartEntryState {
  const p = product(productId);
  const variant = p.structuredContent.variants.find((v) => v.sku === sku)!;
  const price = Number((variant.onSale ? variant.salePriceMoney : variant.priceMoney).value);
  const productType = (['PHYSICAL', 'DIGITAL', 'SERVICE', 'GIFT_CARD', 'PAYWALL'] as const)[p.structuredContent.productType - 1]!;
  return { id, itemId: p.id, sku, attributes: variant.attributes, title: p.title, productType, quantity, unitPriceCents: price, additionalFields: null };
}

function sampleCart(entries: CartEntryState[]) {
  return shoppingCartView({ status: 'open', cartId: '6f1c2b1e-0000-4000-8000-000000000001', websiteId: WEBSITE_ID, currency: 'USD', created: new Date(SAMPLE_NOW).toISOString(), entries })!;
}

function commerceItems(ids: string[]): Record<string, CommerceItem> {
  return Object.fromEntries(ids.map((id) => {
    const p = product(id);
    const variantImages = Object.fromEntries(p.structuredContent.variants.flatMap((v) => (VARIANT_IMAGES[v.sku] ? [[v.sku, VARIANT_IMAGES[v.sku]!]] : [])));
    return [id, { url: p.fullUrl, image: p.mainImage ?? null, optionOrder: p.structuredContent.variantOptionOrdering, title: p.title, variantImages }];
  }));
}

const MUG_AND_APRON = [cartEntry('e1', 'p-stoneware-mug', 'MUG-MOSS', 2), cartEntry('e2', 'p-linen-apron', 'APRON-RUST-S', 1)];

function cartPage(kind: 'cart' | 'checkout', entries: CartEntryState[], over: Partial<Extract<CommerceInput, { kind: 'cart' | 'checkout' }>> = {}): CommerceInput {
  return {
    kind,
    cart: entries.length > 0 ? sampleCart(entries) : null,
    purchasedCartId: null,
    items: commerceItems([...new Set(entries.map((e) => e.itemId))]),
    minimumSubtotalCents: 0,
    continueUrl: '/shop',
    checkoutUrl: '/checkout',
    cartUrl: '/cart',
    recommendations: kind === 'cart' && entries.length > 0 ? [product('p-ridged-dinner-plate'), product('p-small-bud-vase'), product('p-serving-bowl'), product('p-glaze-recipes')] : [],
    ...over,
  };
}

/** The demo's Studio Notes membership, $8.00 every month until cancelled. */
const NOTES_PLAN = { billingPeriod: { value: 1, unit: 'MONTH' as const }, numBillingCycles: 0 };
const NOTES = [cartEntry('e5', 'p-studio-notes', 'NOTES-MONTHLY', 1)];

/** The subscription checkout (/checkout/subscription?cartToken=…) of a Studio Notes subscription cart. */
function subscriptionCheckoutPage(): CommerceInput {
  const cartToken = '6f1c2b1e-0000-4000-8000-000000000001';
  const checkoutUrl = `/checkout/subscription?cartToken=${cartToken}`;
  return cartPage('checkout', NOTES, { checkoutUrl, cartUrl: '/shop/p/studio-notes', continueUrl: '/shop/p/studio-notes', subscription: { cartToken, plan: NOTES_PLAN } });
}

function orderPage(confirmed: boolean, status: 'PENDING' | 'FULFILLED' | 'CANCELED', subscription = false): CommerceInput {
  const entries = subscription ? NOTES : MUG_AND_APRON;
  const cart = { status: 'open' as const, cartId: 'c1', websiteId: WEBSITE_ID, currency: 'USD', created: new Date(SAMPLE_NOW).toISOString(), entries };
  const placedAt = new Date(SAMPLE_NOW - 2 * DAY).toISOString();
  const priced = orderFromCart({
    cart, orderId: '4c47d364-2ae1-4f71-b134-9e1d7453dab2', customerEmail: 'ada@example.com', now: placedAt,
    payment: { provider: 'test', paymentId: 'pay_test_1', testMode: true },
    shippingAddress: subscription ? null : { name: 'Ada Lovelace', line1: '12 Kiln Street', line2: 'Studio 4', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' },
  });
  const order = subscription ? { ...priced, subscription: { ...NOTES_PLAN, subscriptionOptionId: null } } : priced;
  const later = new Date(SAMPLE_NOW - DAY).toISOString();
  const view = orderView(
    status === 'PENDING'
      ? { status, order, fulfilledAt: null, cancelledAt: null, cancelReason: null }
      : status === 'FULFILLED'
        ? { status, order, fulfilledAt: later, cancelledAt: null, cancelReason: null }
        : { status, order, fulfilledAt: null, cancelledAt: later, cancelReason: 'Out of clay' },
  )!;
  const { purchasedCartId: _cart, cancelReason: _reason, ...buyerView } = view;
  const statusUrl = `/commerce/orders/${order.orderId}?token=Twf_V4b1P2C4wuKbLPuL6_7r9Tx0s8psj99JipSeBSk`;
  return {
    kind: 'order', confirmed, order: buyerView, orderNumber: confirmed ? null : 1042, statusUrl, absoluteStatusUrl: `https://clayandco.example${statusUrl}`,
    items: commerceItems([...new Set(entries.map((e) => e.itemId))]), continueUrl: '/shop',
  };
}

function commercePage(name: string, pageType: PageType, path: string, title: string, commerce: CommerceInput): SamplePage {
  return { name, context: frame({ pageType, path, title }, { collection: null, commerce }) };
}

export function samplePages(): SamplePage[] {
  const home = collection('home', 'page', 'Home', '/', { layout: { blocks: HOME_BLOCKS } });
  const about = collection('about', 'page', 'About', '/about', { layout: { blocks: ABOUT_BLOCKS } });
  const classes = collection('classes', 'page', 'Classes', '/classes', {
    description: '<p>Learn to throw, trim and glaze in our Hudson studio.</p>',
    layout: { blocks: CLASSES_BLOCKS },
  });
  const shop = collection('shop', 'products', 'Shop', '/shop', {
    description: '<p>Tableware, vases and studio goods, made in small batches.</p>',
    itemCount: PRODUCTS.length,
  });
  const [newest, middle] = POSTS;
  const wholesale = collection('wholesale', 'page', 'Wholesale', '/wholesale', { passwordProtected: true });
  const members = collection('studio-members', 'page', 'Studio Members', '/studio-members', { membersOnly: true });

  return [
    { name: 'home', context: frame({ pageType: 2, path: '/', title: 'Clay & Co.', ogImage: IMAGES.hero, collection: home }, {}) },
    { name: 'about', context: frame({ pageType: 2, path: '/about', title: 'About', ogImage: IMAGES.about, collection: about }, {}) },
    { name: 'classes', context: frame({ pageType: 2, path: '/classes', title: 'Classes', collection: classes }, {}) },
    {
      name: 'blog-list',
      context: frame(
        { pageType: 1, path: '/journal', title: 'Journal', collection: JOURNAL },
        { items: POSTS, pagination: { nextPage: true, nextPageUrl: '/journal?offset=1763000000000', prevPage: false, prevPageUrl: null } },
      ),
    },
    {
      name: 'blog-item',
      context: frame(
        { pageType: 50, path: newest!.fullUrl, title: newest!.title, description: 'What it takes to get sixty mugs from a bag of clay to the shop shelf.', ogImage: IMAGES.handles, collection: JOURNAL },
        {
          item: newest,
          pagination: { nextPage: false, nextPageUrl: null, prevPage: false, prevPageUrl: null, prevItem: null, nextItem: { title: middle!.title, fullUrl: middle!.fullUrl } },
        },
      ),
    },
    { name: 'events-list', context: frame({ pageType: 1, path: '/events', title: 'Events', collection: EVENTS_COLLECTION }, { items: EVENTS }) },
    {
      name: 'event-item-same-day',
      context: frame(
        { pageType: 50, path: EVENTS[2]!.fullUrl, title: EVENTS[2]!.title, ogImage: IMAGES.glazeBuckets, collection: EVENTS_COLLECTION },
        { item: EVENTS[2], pagination: { prevItem: { title: EVENTS[1]!.title, fullUrl: EVENTS[1]!.fullUrl }, nextItem: { title: EVENTS[3]!.title, fullUrl: EVENTS[3]!.fullUrl } } },
      ),
    },
    {
      name: 'event-item-multi-day',
      context: frame(
        { pageType: 50, path: EVENTS[1]!.fullUrl, title: EVENTS[1]!.title, ogImage: IMAGES.market, collection: EVENTS_COLLECTION },
        { item: EVENTS[1], pagination: { prevItem: null, nextItem: { title: EVENTS[2]!.title, fullUrl: EVENTS[2]!.fullUrl } } },
      ),
    },
    ...['grid', 'slideshow', 'slider', 'stacked'].map(galleryPage),
    {
      name: 'gallery-item',
      context: frame(
        { pageType: 50, path: GALLERY_ITEMS[1]!.fullUrl, title: GALLERY_ITEMS[1]!.title, collection: collection('gallery', 'gallery', 'Gallery', '/gallery', { galleryOptions: GALLERY_DEFAULTS }) },
        { item: GALLERY_ITEMS[1], pagination: { prevItem: { title: GALLERY_ITEMS[0]!.title, fullUrl: GALLERY_ITEMS[0]!.fullUrl }, nextItem: { title: GALLERY_ITEMS[2]!.title, fullUrl: GALLERY_ITEMS[2]!.fullUrl } } },
      ),
    },
    {
      name: 'products-list',
      context: frame({ pageType: 1, path: '/shop', title: 'Shop', collection: shop }, { items: PRODUCTS, productMerchandisingContext: MERCHANDISING }),
    },
    productPage('p-stoneware-mug', null, 'p-linen-apron'),
    productPage('p-linen-apron', 'p-stoneware-mug', 'p-glaze-recipes'),
    productPage('p-ridged-dinner-plate', 'p-serving-bowl', 'p-small-bud-vase'),
    productPage('p-serving-bowl', 'p-glaze-recipes', 'p-ridged-dinner-plate'),
    productPage('p-tea-club', 'p-studio-gift-card', 'p-studio-notes'),
    productPage('p-glaze-recipes', 'p-linen-apron', 'p-serving-bowl'),
    { name: 'not-found', context: frame({ pageType: 100, path: '/no-such-page', title: 'Page not found' }, { collection: null }) },
    { name: 'error', context: frame({ pageType: 101, path: '/journal', title: 'Something went wrong' }, { collection: null }) },
    {
      name: 'search',
      context: frame(
        { pageType: 102, path: '/search?q=mug', title: 'Search' },
        { search: { query: 'mug', results: [product('p-stoneware-mug'), POSTS[0]!, product('p-tea-club'), GALLERY_ITEMS[5]!] } },
      ),
    },
    { name: 'search-empty', context: frame({ pageType: 102, path: '/search?q=teapot', title: 'Search' }, { search: { query: 'teapot', results: [] } }) },
    { name: 'search-form', context: frame({ pageType: 102, path: '/search', title: 'Search' }, { search: { query: '', results: [] } }) },
    { name: 'lock-screen', context: frame({ pageType: 103, path: '/wholesale', title: 'Wholesale', collection: wholesale }, {}) },
    { name: 'protected', context: frame({ pageType: 105, path: '/wholesale', title: 'Wholesale', collection: wholesale }, {}) },
    { name: 'members-only', context: frame({ pageType: 106, path: '/studio-members', title: 'Studio Members', collection: members }, {}) },
    commercePage('cart', 200, '/cart', 'Shopping Cart', cartPage('cart', MUG_AND_APRON)),
    commercePage('cart-empty', 200, '/cart', 'Shopping Cart', cartPage('cart', [])),
    commercePage('cart-below-minimum', 200, '/cart', 'Shopping Cart', cartPage('cart', [cartEntry('e3', 'p-small-bud-vase', 'BUD-VASE', 1)], { minimumSubtotalCents: 5000 })),
    commercePage('checkout', 201, '/checkout', 'Checkout', cartPage('checkout', MUG_AND_APRON)),
    commercePage('checkout-digital', 201, '/checkout', 'Checkout', cartPage('checkout', [cartEntry('e4', 'p-glaze-recipes', 'BOOK-PDF', 1)])),
    commercePage('checkout-bought', 201, '/checkout', 'Checkout', cartPage('checkout', [], { purchasedCartId: 'c1' })),
    commercePage('checkout-subscription', 201, '/checkout/subscription', 'Subscription checkout', subscriptionCheckoutPage()),
    commercePage('subscription-confirmed', 206, '/commerce/orders/4c47d364-2ae1-4f71-b134-9e1d7453dab2/confirmed', 'Subscription confirmed', orderPage(true, 'PENDING', true)),
    commercePage('order-confirmed', 202, '/commerce/orders/4c47d364-2ae1-4f71-b134-9e1d7453dab2/confirmed', 'Order confirmed', orderPage(true, 'PENDING')),
    commercePage('order-status-fulfilled', 211, '/commerce/orders/4c47d364-2ae1-4f71-b134-9e1d7453dab2', 'Order status', orderPage(false, 'FULFILLED')),
    commercePage('order-status-cancelled', 211, '/commerce/orders/4c47d364-2ae1-4f71-b134-9e1d7453dab2', 'Order status', orderPage(false, 'CANCELED')),
  ];
}

export function samplePage(name: string): PageContext {
  const page = samplePages().find((p) => p.name === name);
  if (!page) throw new Error(`No sample page ${name}`);
  return page.context;
}
