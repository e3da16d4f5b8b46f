import {
  BLOCK, collectionLink, DEFAULT_PAGE_SIZE, externalLink, type Block, type CollectionDetails, type CollectionKind, type ContentItemDetails,
  type EventLocation, type LayoutLink, type WebsiteSettingsChanges, type WorkflowState,
} from '@storefront/domain';
import { DEMO_FORM_IDS } from './demo-forms';
import { DEMO_SHOP_COLLECTION_ID } from './demo-store';

/**
 * The demo site "Clay & Co." seeded on first start after the demo store, through the site's own
 * commands and events: settings, pages made of blocks, a blog, an events calendar, a gallery, the
 * shop, a locked wholesale page, a members-only page, navigations and header/footer.
 *
 * Images are referenced by id only. The media context provides images with these ids.
 */
export const DEMO_SITE_IMAGE_NAMES = [
  'logo-clay-and-co', 'hero-studio', 'about-ana', 'studio-shelves', 'wheel-throwing', 'kiln-opening', 'glaze-tests', 'bowls-drying',
  'mug-sand', 'mug-moss', 'vase-ash', 'handles-drying', 'winter-market', 'workshop-hands', 'glaze-buckets', 'open-studio',
] as const;
export type DemoSiteImageName = (typeof DEMO_SITE_IMAGE_NAMES)[number];

/** The password of the locked demo page 'Wholesale' (documented in the README; never printed). */
export const DEMO_WHOLESALE_PASSWORD = 'clay-wholesale';

export const DEMO_COLLECTION_IDS = {
  home: 'home', about: 'about', journal: 'journal', events: 'events', gallery: 'gallery', shop: DEMO_SHOP_COLLECTION_ID,
  wholesale: 'wholesale', members: 'studio-members', studio: 'the-studio', contact: 'contact',
} as const;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The drawn demo images (apps/api/src/media/demo-images.ts) each name stands for. The media
 * context draws twelve pictures; some names share one.
 */
export const DEMO_SITE_IMAGE_IDS: Record<DemoSiteImageName, string> = {
  'logo-clay-and-co': 'img-glaze-swatches', 'hero-studio': 'img-hero-studio', 'about-ana': 'img-throwing-wheel',
  'studio-shelves': 'img-tea-bowls', 'wheel-throwing': 'img-throwing-wheel', 'kiln-opening': 'img-kiln',
  'glaze-tests': 'img-glaze-swatches', 'bowls-drying': 'img-serving-bowl', 'mug-sand': 'img-stoneware-mug',
  'mug-moss': 'img-moss-mug', 'vase-ash': 'img-bud-vase', 'handles-drying': 'img-dinner-plates',
  'winter-market': 'img-linen-apron', 'workshop-hands': 'img-throwing-wheel', 'glaze-buckets': 'img-glaze-swatches',
  'open-studio': 'img-hero-studio',
};

const image = (name: DemoSiteImageName) => DEMO_SITE_IMAGE_IDS[name];

export const DEMO_SITE_SETTINGS: WebsiteSettingsChanges = {
  siteTitle: 'Clay & Co.',
  siteTagLine: 'Small-batch stoneware from a two-wheel studio in Hudson, New York',
  timeZone: 'America/New_York',
  commentsEnabled: true,
  simpleLikingEnabled: true,
  shareButtonOptions: { facebook: true, twitter: true, pinterest: true, email: true },
  socialAccounts: [
    { serviceName: 'instagram', userName: 'clayandco.studio', profileUrl: 'https://www.instagram.com/clayandco.studio' },
    { serviceName: 'pinterest', userName: 'clayandco', profileUrl: 'https://www.pinterest.com/clayandco' },
    { serviceName: 'facebook', userName: 'clayandcostudio', profileUrl: 'https://www.facebook.com/clayandcostudio' },
    { serviceName: 'email', userName: 'hello', profileUrl: 'mailto:hello@clayandco.example' },
  ],
  logoImageId: null,
};

export const DEMO_HEADER = '<p class="announcement">Free shipping on orders over $75 · Studio open Saturdays 11–4</p>';
export const DEMO_FOOTER =
  '<p>Clay &amp; Co. · 12 Kiln Lane, Hudson, NY 12534</p>' +
  '<p><a href="mailto:hello@clayandco.example">hello@clayandco.example</a> · Every piece is thrown, trimmed and glazed by hand.</p>';

export const STUDIO_LOCATION: EventLocation = {
  addressTitle: 'Clay & Co. Studio', addressLine1: '12 Kiln Lane', addressLine2: 'Hudson, NY 12534', addressCountry: 'US',
  mapLat: 42.2529, mapLng: -73.791, mapZoom: 15,
};
const MARKET_LOCATION: EventLocation = {
  addressTitle: 'Riverfront Hall', addressLine1: '1 Front Street', addressLine2: 'Hudson, NY 12534', addressCountry: 'US',
  mapLat: 42.2541, mapLng: -73.7984, mapZoom: 16,
};

const html = (id: string, markup: string): Block => ({ id, type: BLOCK.html, value: { html: markup } });

const HOME_BLOCKS: Block[] = [
  html('home-hero', '<h1>Made slowly, used every day</h1><p>Mugs, bowls and plates thrown on the wheel in our Hudson studio, fired to cone 6 and glazed in small batches.</p>'),
  { id: 'home-hero-image', type: BLOCK.image, value: { imageId: image('hero-studio'), altText: 'Shelves of glazed mugs and bowls in the Clay & Co. studio' } },
  { id: 'home-shop-button', type: BLOCK.button, value: { label: 'Shop the collection', url: '/shop' } },
  { id: 'home-spacer', type: BLOCK.spacer, value: { height: 40 } },
  html('home-featured-title', '<h2>From the shelves</h2>'),
  { id: 'home-product-mug', type: BLOCK.product, value: { productId: 'p-stoneware-mug' } },
  { id: 'home-product-bowl', type: BLOCK.product, value: { productId: 'p-serving-bowl' } },
  { id: 'home-product-vase', type: BLOCK.product, value: { productId: 'p-small-bud-vase' } },
  html('home-journal-title', '<h2>From the journal</h2>'),
  { id: 'home-journal-summary', type: BLOCK.summary, value: { collectionId: DEMO_COLLECTION_IDS.journal, pageSize: 3, design: 'grid' } },
  { id: 'home-newsletter', type: BLOCK.newsletter, value: { formId: DEMO_FORM_IDS.newsletter, title: 'Kiln days, in your inbox', description: '<p>One email when a firing comes out of the kiln. No more than twice a month.</p>', buttonLabel: 'Sign up' } },
];

const ABOUT_BLOCKS: Block[] = [
  html('about-intro', '<h1>About the studio</h1><p>Clay &amp; Co. began in 2019 with one secondhand wheel in a garage and a kiln we were slightly afraid of. Today it is two wheels, a forty-cubic-foot electric kiln and a small shop on Kiln Lane, run by Ana Ruiz and Tom Becker.</p>'),
  { id: 'about-portrait', type: BLOCK.image, value: { imageId: image('about-ana'), altText: 'Ana trimming a bowl at the wheel', caption: '<p>Ana, trimming a batch of cereal bowls.</p>' } },
  { id: 'about-quote', type: BLOCK.quote, value: { text: 'A good mug should feel right in the hand before you ever taste the coffee.', source: 'Ana Ruiz' } },
  html('about-process', '<h2>How we work</h2><p>Everything is thrown from a buff stoneware body we buy by the ton from a clay supplier two hours north. We mix every glaze ourselves from raw materials, test each batch on tiles, and fire in small loads so that nothing sits waiting on a shelf for months.</p>'),
  // A slideshow gallery block (SPEC 3 gallery options): previous/next, autoplay with its Pause button, a thumbnail strip.
  {
    id: 'about-slideshow', type: BLOCK.gallery, value: {
      title: 'Around the studio',
      imageIds: [image('wheel-throwing'), image('bowls-drying'), image('kiln-opening'), image('glaze-tests'), image('studio-shelves')],
      options: {
        design: 'slideshow', controls: true, autoplay: true, 'autoplay-duration': 5, thumbnails: true, 'aspect-ratio': '3:2', 'auto-crop': true,
        'thumbnail-strip-height': 64, 'thumbnail-strip-margin': 12, 'active-alignment': 'center',
      },
    },
  },
  { id: 'about-rule', type: BLOCK.horizontalRule, value: {} },
  {
    id: 'about-faq', type: BLOCK.accordion, value: {
      items: [
        { title: 'Is your tableware food safe?', body: '<p>Yes. All of our glazes are lead-free and tested for leaching by an independent lab every year.</p>' },
        { title: 'Can it go in the dishwasher and microwave?', body: '<p>Yes to both. Hand washing keeps the glaze glossy for longer, but the pieces are made to be used.</p>' },
        { title: 'Do you take custom orders?', body: '<p>We take a handful of wedding and restaurant commissions each year. Write to us with what you have in mind.</p>' },
        { title: 'Why does my mug look different from the photo?', body: '<p>Every firing moves a little differently. Iron speckles, glaze breaks and drips are part of each piece.</p>' },
      ],
    },
  },
  { id: 'about-spacer', type: BLOCK.spacer, value: { height: 24 } },
  html('about-visit', '<h2>Visit us</h2><p>The studio shop is open on Saturdays from 11 to 4, and by appointment during the week.</p>'),
  { id: 'about-map', type: BLOCK.map, value: { location: STUDIO_LOCATION, zoom: 15 } },
  { id: 'about-social', type: BLOCK.socialLinks, value: {} },
  { id: 'about-shop-button', type: BLOCK.button, value: { label: 'Visit the shop', url: '/shop' } },
];

const CONTACT_BLOCKS: Block[] = [
  html('contact-intro', '<h1>Contact</h1><p>Questions about an order, a class or a custom piece? Write to us below, or come by the studio on a Saturday.</p>'),
  { id: 'contact-form', type: BLOCK.form, value: { formId: DEMO_FORM_IDS.contact } },
];

const WHOLESALE_BLOCKS: Block[] = [
  html('wholesale-intro', '<h1>Wholesale</h1><p>Thank you for your interest in stocking Clay &amp; Co. Our wholesale minimum is $400 per order, with reorders at $200. Lead time is four to six weeks, because every piece is made to order.</p>'),
  html('wholesale-terms', '<h2>Terms</h2><p>Prices are 50% of retail. Net 30 for returning accounts; first orders are paid at confirmation. Breakage in transit is replaced at no charge with a photo within 7 days of delivery.</p>'),
  { id: 'wholesale-linesheet', type: BLOCK.button, value: { label: 'Request the line sheet', url: 'mailto:wholesale@clayandco.example' } },
];

const MEMBERS_BLOCKS: Block[] = [
  html('members-intro', '<h1>Studio members</h1><p>Welcome back. Shelf space, firing fees and the glaze room schedule are below.</p>'),
  html('members-schedule', '<h2>Firing schedule</h2><p>Bisque firings load on Mondays, glaze firings on Thursdays. Please have work on the loading shelf by 6pm the day before, with your initials on the foot.</p>'),
  {
    id: 'members-faq', type: BLOCK.accordion, value: {
      items: [
        { title: 'Firing fees', body: '<p>Firing is charged by shelf: $12 per half shelf for bisque, $18 for glaze.</p>' },
        { title: 'Glaze room rules', body: '<p>Stir every bucket before use, wipe the foot of every pot, and write test tiles in the book.</p>' },
      ],
    },
  },
];

export type DemoCollection = { collection: CollectionDetails; password?: string };

function collection(
  id: string, kind: CollectionKind, title: string, urlId: string, websiteId: string, now: string, over: Partial<CollectionDetails> = {},
): CollectionDetails {
  return {
    id, websiteId, kind, title, navigationTitle: '', description: '', urlId, folderBehavior: kind === 'folder' ? 1 : null, membersOnly: false,
    workflowState: 'Published', publishOn: Date.parse(now), seoTitle: '', seoDescription: '', pageSize: DEFAULT_PAGE_SIZE, storeCollectionId: kind === 'products' ? id : null, passwordHash: null, layout: [],
    galleryOptions: {}, createdAt: now, ...over,
  };
}

/** The demo's pages and collections in the order they are created (the first, Home, becomes the home page). */
export function demoCollections(websiteId: string, now: string): DemoCollection[] {
  const c = (id: string, kind: CollectionKind, title: string, urlId: string, over: Partial<CollectionDetails> = {}) =>
    collection(id, kind, title, urlId, websiteId, now, over);
  const ids = DEMO_COLLECTION_IDS;
  return [
    { collection: c(ids.home, 'page', 'Home', 'home', { layout: HOME_BLOCKS }) },
    { collection: c(ids.shop, 'products', 'Shop', 'shop', { description: '<p>Tableware, vases and studio goods, made in small batches.</p>', pageSize: 12 }) },
    { collection: c(ids.journal, 'blog', 'Journal', 'journal', { description: '<p>Notes from the studio: firings, glazes and the occasional disaster.</p>', pageSize: 10 }) },
    { collection: c(ids.events, 'events', 'Events', 'events', { description: '<p>Workshops, markets and open studio days.</p>' }) },
    {
      collection: c(ids.gallery, 'gallery', 'Gallery', 'gallery', {
        description: '<p>A look around the studio.</p>',
        galleryOptions: { design: 'grid', 'aspect-ratio': '4:3', 'thumbnails-per-row': 4, lightbox: true, 'show-meta': true },
      }),
    },
    { collection: c(ids.studio, 'folder', 'The Studio', 'studio', { folderBehavior: 1 }) },
    { collection: c(ids.about, 'page', 'About', 'about', { layout: ABOUT_BLOCKS }) },
    { collection: c(ids.contact, 'page', 'Contact us', 'contact', { layout: CONTACT_BLOCKS }) },
    { collection: c(ids.wholesale, 'page', 'Wholesale', 'wholesale', { layout: WHOLESALE_BLOCKS }), password: DEMO_WHOLESALE_PASSWORD },
    { collection: c(ids.members, 'page', 'Studio Members', 'studio-members', { membersOnly: true, layout: MEMBERS_BLOCKS }) },
  ];
}

type ItemSeed = Pick<
  ContentItemDetails,
  'id' | 'title' | 'urlId' | 'excerpt' | 'body' | 'mainImageId' | 'tags' | 'categories' | 'author' | 'workflowState' | 'publishOn'
> &
  Partial<Pick<ContentItemDetails, 'startDate' | 'endDate' | 'location'>>;

const post = (seed: ItemSeed): ItemSeed => seed;

/** Midnight UTC of the day `days` from `nowMs`, plus `hours` (Hudson is UTC-5 in winter, UTC-4 in summer). */
function dayAt(nowMs: number, days: number, hours: number): number {
  const midnight = Math.floor((nowMs + days * DAY) / DAY) * DAY;
  return midnight + hours * HOUR;
}

/** Journal posts: three published, one scheduled for later, one draft. Dates relative to the seeding time. */
export function demoPosts(nowMs: number): ContentItemDetails[] {
  const published = (daysAgo: number): { workflowState: WorkflowState; publishOn: number } => ({ workflowState: 'Published', publishOn: nowMs - daysAgo * DAY });
  const author = (displayName: string) => ({ displayName });
  const posts: ItemSeed[] = [
    post({
      id: 'post-first-cone-6-firing', title: 'Opening the kiln after our first cone 6 firing', urlId: 'first-cone-6-firing',
      excerpt: '<p>Twelve hours up, a day to cool, and one very long minute with the lid half open.</p>',
      body:
        '<p>We switched from cone 10 reduction to cone 6 electric this autumn, mostly for the sake of our neighbours and our gas bill. The first firing of the new kiln went in on a Thursday night: forty mugs, a dozen serving bowls and a shelf of test tiles for every glaze we planned to keep.</p>' +
        '<p>A cone 6 firing in our kiln takes about twelve hours with a slow cool programmed for the last stretch, which lets the matte glazes grow their crystals. The hardest part is not opening the lid too early. Thermal shock will crack a pot that survived everything else.</p>' +
        '<p>Most of the load came out the way the tiles promised. Our sand glaze broke beautifully over the throwing lines, the moss green ran a little at the foot of three mugs, and one bowl stuck to the shelf because somebody (Tom) forgot to wax it. We ground it off, and it is now the studio fruit bowl.</p>',
      mainImageId: image('kiln-opening'), tags: ['kiln', 'firing', 'cone 6'], categories: ['Studio Notes'], author: author('Ana Ruiz'),
      ...published(24),
    }),
    post({
      id: 'post-why-we-mix-our-own-glazes', title: 'Why we mix our own glazes', urlId: 'why-we-mix-our-own-glazes',
      excerpt: '<p>Commercial glazes are reliable. Ours are a little less reliable, and a lot more ours.</p>',
      body:
        '<p>Every glaze on our shelves starts as a recipe card and a row of buckets: silica, feldspar, whiting, kaolin, and a pinch of colourant. We weigh each batch on a scale that reads to a tenth of a gram, sieve it twice, and let it slake overnight before anyone dips a pot.</p>' +
        '<p>Mixing our own means we know exactly what is in every glaze, which matters for tableware that will hold acidic food. It also means we can adjust: a little more rutile for a stronger break, a little less iron when the speckle starts to look like pepper.</p>' +
        '<p>The trade-off is testing. Each new bucket gets a test tile fired with the next load, and nothing goes on a real pot until the tile looks right. You can see a wall of those tiles in the gallery.</p>',
      mainImageId: image('glaze-tests'), tags: ['glaze', 'process'], categories: ['Process'], author: author('Tom Becker'),
      ...published(15),
    }),
    post({
      id: 'post-a-week-of-mugs', title: 'A week of mugs: throwing, trimming, handles', urlId: 'a-week-of-mugs',
      excerpt: '<p>What it takes to get sixty mugs from a bag of clay to the shop shelf.</p>',
      body:
        '<p>Monday is throwing day. We wedge the clay into 400-gram balls and throw sixty cylinders in a morning, each one measured against a gauge so the set matches.</p>' +
        '<p>Tuesday the mugs are leather hard and ready to trim. Trimming gives each one its foot and takes off the extra weight at the base, which is the difference between a mug that feels heavy and one that feels balanced.</p>' +
        '<p>Wednesday is handles. We pull them from a lump of soft clay, let them stiffen for an hour, and attach them with slip. Then the mugs dry slowly under plastic for most of a week so that the handles do not crack away from the body.</p>',
      mainImageId: image('handles-drying'), tags: ['mugs', 'wheel'], categories: ['Process'], author: author('Ana Ruiz'),
      ...published(5),
    }),
    post({
      id: 'post-notes-from-the-winter-market', title: 'Notes from the winter market', urlId: 'notes-from-the-winter-market',
      excerpt: '<p>Two days, one folding table, and a lot of conversations about dishwashers.</p>',
      body:
        '<p>We spent the weekend at the Hudson Winter Market with a table of seconds, our new speckled plates and a box of gift cards. Thank you to everyone who came by, and to the family who bought the last serving bowl for a wedding on Sunday.</p>' +
        '<p>The question we heard most was whether handmade tableware can go in the dishwasher. It can. We wrote about why in our FAQ on the about page.</p>',
      mainImageId: image('winter-market'), tags: ['markets'], categories: ['Studio Notes'], author: author('Tom Becker'),
      workflowState: 'Scheduled', publishOn: nowMs + 10 * DAY,
    }),
    post({
      id: 'post-new-speckled-clay-body', title: 'Testing a new speckled clay body', urlId: 'new-speckled-clay-body',
      excerpt: '<p>Draft: notes on the sample bag from the supplier.</p>',
      body: '<p>Draft. Shrinkage 12.5% at cone 6, absorption under 1%. Speckle is strong under the sand glaze, muddy under moss. More tests before we write this up.</p>',
      mainImageId: null, tags: ['clay'], categories: ['Process'], author: author('Ana Ruiz'),
      workflowState: 'Draft', publishOn: null,
    }),
  ];
  return posts.map((p) => item(p, DEMO_COLLECTION_IDS.journal, 'post', nowMs));
}

/**
 * Four events: a past workshop, a market spanning two days, a same-day glaze class, an open studio
 * day. Times are UTC: 15:00 UTC is 10am in Hudson in winter.
 */
export function demoEvents(nowMs: number): ContentItemDetails[] {
  const published = { workflowState: 'Published' as const, publishOn: nowMs - 30 * DAY };
  const events: ItemSeed[] = [
    {
      id: 'event-beginner-wheel-workshop', title: 'Beginner Wheel Workshop', urlId: 'beginner-wheel-workshop',
      excerpt: '<p>Three hours at the wheel for complete beginners. Clay, tools and firing included.</p>',
      body: '<p>Centre, open and pull your first cylinders with Ana. Everyone leaves with two pieces to be trimmed, glazed and fired by the studio, ready for pickup three weeks later. Six places; wear clothes you do not mind getting muddy.</p>',
      mainImageId: image('workshop-hands'), tags: ['workshop', 'wheel'], categories: ['Workshops'], author: { displayName: 'Ana Ruiz' },
      startDate: dayAt(nowMs, -14, 15), endDate: dayAt(nowMs, -14, 18), location: STUDIO_LOCATION, ...published,
    },
    {
      id: 'event-hudson-winter-market', title: 'Hudson Winter Market', urlId: 'hudson-winter-market',
      excerpt: '<p>Find us at the riverfront winter market, both days of the weekend.</p>',
      body: '<p>We will have seconds at half price, the new speckled dinner plates and gift cards. Come and say hello at the table by the big window.</p>',
      mainImageId: image('winter-market'), tags: ['markets'], categories: ['Markets'], author: { displayName: 'Tom Becker' },
      startDate: dayAt(nowMs, 9, 15), endDate: dayAt(nowMs, 10, 22), location: MARKET_LOCATION, ...published,
    },
    {
      id: 'event-glaze-mixing-afternoon', title: 'Glaze Mixing Afternoon', urlId: 'glaze-mixing-afternoon',
      excerpt: '<p>Weigh, sieve and test a cone 6 glaze from raw materials.</p>',
      body: '<p>A hands-on afternoon in the glaze room: reading a recipe, weighing raw materials safely, sieving and applying. Each person mixes a test batch and takes home fired tiles after the next glaze firing.</p>',
      mainImageId: image('glaze-buckets'), tags: ['workshop', 'glaze'], categories: ['Workshops'], author: { displayName: 'Tom Becker' },
      startDate: dayAt(nowMs, 20, 19), endDate: dayAt(nowMs, 20, 22), location: STUDIO_LOCATION, ...published,
    },
    {
      id: 'event-open-studio-saturday', title: 'Open Studio Saturday', urlId: 'open-studio-saturday',
      excerpt: '<p>Watch a throwing demo, see the kiln, and shop the seconds shelf.</p>',
      body: '<p>The studio doors are open all afternoon. Ana throws at 1pm and 3pm, and there is tea in handmade cups for everyone who visits.</p>',
      mainImageId: image('open-studio'), tags: ['open studio'], categories: ['Studio'], author: { displayName: 'Ana Ruiz' },
      startDate: dayAt(nowMs, 30, 16), endDate: dayAt(nowMs, 30, 21), location: STUDIO_LOCATION, ...published,
    },
  ];
  return events.map((e) => item(e, DEMO_COLLECTION_IDS.events, 'event', nowMs));
}

const GALLERY: [DemoSiteImageName, string, string][] = [
  ['studio-shelves', 'The finished-work shelves', '<p>Glazed work waiting for photographs and the shop.</p>'],
  ['wheel-throwing', 'At the wheel', '<p>Pulling the walls of a serving bowl.</p>'],
  ['bowls-drying', 'Bowls drying', '<p>Cereal bowls drying slowly under plastic before trimming.</p>'],
  ['kiln-opening', 'Opening the kiln', '<p>The first cone 6 load, still warm.</p>'],
  ['glaze-tests', 'Glaze test tiles', '<p>A season of test tiles, one row per bucket.</p>'],
  ['mug-sand', 'Sand glaze mug', '<p>Our sand glaze breaking over the throwing lines.</p>'],
  ['mug-moss', 'Moss glaze mug', '<p>Moss green pooling at the foot.</p>'],
  ['vase-ash', 'Ash vase', '<p>A small vase with a wood-ash glaze.</p>'],
];

/** Eight gallery images, in display order. */
export function demoGalleryImages(nowMs: number): ContentItemDetails[] {
  return GALLERY.map(([name, title, body]) =>
    item(
      { id: `image-${name}`, title, urlId: name, excerpt: '', body, mainImageId: image(name), tags: [], categories: [], author: null, workflowState: 'Published', publishOn: nowMs - 30 * DAY },
      DEMO_COLLECTION_IDS.gallery, 'image', nowMs,
    ),
  );
}

function item(seed: ItemSeed, collectionId: string, kind: ContentItemDetails['kind'], nowMs: number): ContentItemDetails {
  return {
    collectionId, kind, commentState: 1, sourceUrl: null, startDate: null, endDate: null, location: null, addedOn: nowMs, updatedOn: nowMs, ...seed,
  };
}

/** Main navigation: the shop and content first, then a folder holding the about, wholesale and members pages. */
export function demoNavigations(): { mainNav: LayoutLink[]; secondaryNav: LayoutLink[] } {
  const ids = DEMO_COLLECTION_IDS;
  return {
    mainNav: [
      collectionLink(ids.home), collectionLink(ids.shop), collectionLink(ids.journal), collectionLink(ids.events), collectionLink(ids.gallery),
      collectionLink(ids.studio, [collectionLink(ids.about), collectionLink(ids.wholesale), collectionLink(ids.members)]),
      collectionLink(ids.contact),
    ],
    secondaryNav: [collectionLink(ids.about), externalLink('https://www.instagram.com/clayandco.studio', 'Instagram')],
  };
}
