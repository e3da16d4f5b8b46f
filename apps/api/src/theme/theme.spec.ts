/**
 * Every template rendered with the bare template engine (CLDR, expressions on) against the sample
 * contexts, asserting on the content a visitor sees and the markup the islands mount on.
 */
import { Theme, ThemeLoadError } from './theme';
import { BODY_TEMPLATES } from './page-templates';
import { renderPage } from '../../test/theme/render-page';
import { product, SAMPLE_NOW, samplePage, samplePages, SAMPLE_WEBSITE } from '../../test/theme/sample-contexts';
import {
  elementContaining,
  headingLevels,
  imagesWithoutAlt,
  leftoverTemplateSyntax,
  skippedHeadingLevels,
  tags,
  unlabelledControls,
  visibleText,
  withoutScripts,
} from '../../test/theme/html-checks';
import type { PageContext } from './page-context';
import type { ProductFormData } from './product-view';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const theme = Theme.load();

function render(context: PageContext): string {
  const { html, errors } = renderPage(theme, context, SAMPLE_NOW);
  expect(errors).toEqual([]);
  return html;
}

const page = (name: string) => render(samplePage(name));
const main = (html: string) => elementContaining(html, '<main id="main"');

/** The product islands' JSON (`data-product` of the page's product root). */
function productData(html: string): ProductFormData {
  const attr = /data-product="([^"]*)"/.exec(html)?.[1];
  if (attr === undefined) throw new Error('no data-product');
  return JSON.parse(attr.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) as ProductFormData;
}

describe('every sample page', () => {
  const pages = samplePages();

  it('covers every body template', () => {
    const used = new Set(pages.map((p) => theme.renderInput(p.context) && renderPage(theme, p.context, SAMPLE_NOW).template));
    expect([...BODY_TEMPLATES].filter((t) => !used.has(t))).toEqual([]);
  });

  it.each(pages.map((p) => [p.name, p.context] as const))('%s renders without errors into an accessible page', (_name, context) => {
    const { html, errors, template } = renderPage(theme, context, SAMPLE_NOW);
    expect(template).not.toBeNull();
    expect(errors).toEqual([]);
    expect(leftoverTemplateSyntax(html)).toEqual([]);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="en-US">');
    expect(tags(html, 'header').length).toBeGreaterThanOrEqual(1);
    expect(tags(html, 'main')).toHaveLength(1);
    expect(tags(html, 'footer').some((t) => t.attrs.class === 'site-footer')).toBe(true);
    expect(html).toContain('<a class="skip-link" href="#main">Skip to content</a>');
    expect(headingLevels(html).filter((l) => l === 1)).toHaveLength(1);
    expect(headingLevels(html)[0]).toBe(1);
    expect(skippedHeadingLevels(html)).toEqual([]);
    expect(imagesWithoutAlt(html)).toEqual([]);
    expect(unlabelledControls(html)).toEqual([]);
    const ids = tags(html).map((t) => t.attrs.id).filter(Boolean);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

describe('site frame', () => {
  const html = page('home');

  it('has the head from seo: title, description, canonical and Open Graph', () => {
    expect(html).toContain('<title>Clay &amp; Co.</title>');
    expect(html).toContain('<meta name="description" content="Small-batch stoneware from a two-wheel studio in Hudson, New York">');
    expect(html).toContain('<link rel="canonical" href="https://clayandco.example/">');
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta property="og:image" content="https://clayandco.example/static/images/hero-studio/hero-studio.jpg?format=1500w">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(elementContaining(html, '<style>')).toContain(':root {\n  color-scheme: light;');
  });

  it('has a header with the site title, the announcement and the main navigation with nested folders', () => {
    const header = elementContaining(html, '<header class="site-header"');
    expect(header).toContain('<a class="site-title" href="/" aria-current="page">Clay &amp; Co.</a>');
    expect(header).toContain('Free shipping on orders over $75');
    expect(header).toContain('<nav class="site-nav" aria-label="Main">');
    expect(header).toContain('<a href="/" aria-current="page">Home</a>');
    // The compact menu's button (phones), a <details> that works without JavaScript, before the navigation it opens.
    expect(header).toContain('<details class="site-menu">\n<summary class="site-menu__toggle" aria-controls="site-nav"><span class="site-menu__icon" aria-hidden="true"></span>Menu</summary>\n</details>\n<nav class="site-nav"');
    const folder = elementContaining(header, '<details class="site-nav__folder">');
    expect(folder).toContain('<summary>The Studio</summary>');
    expect(folder).toContain('<a href="/about">About</a>');
    expect(folder).toContain('<a href="/studio-members">Studio Members</a>');
  });

  it('shows the announcement bar above the header when it is on, with its link, and nothing when it is off', () => {
    const withBar = (announcementBar: object) => render({ ...samplePage('home'), website: { ...SAMPLE_WEBSITE, announcementBar } });
    const on = withBar({ enabled: true, text: 'Kiln sale & open studio', url: '/shop' });
    expect(on).toContain('<div class="announcement-bar announcement-bar--notice" role="region" aria-label="Announcement"><p><a href="/shop">Kiln sale &amp; open studio</a></p></div>');
    expect(on.indexOf('announcement-bar--notice')).toBeLessThan(on.indexOf('<header class="site-header"'));
    expect(withBar({ enabled: true, text: 'No link', url: null })).toContain('<p>No link</p></div>');
    expect(withBar({ enabled: false, text: 'Hidden', url: null })).not.toContain('<div class="announcement-bar announcement-bar--notice"');
    expect(withBar({ enabled: true, text: '  ', url: null })).not.toContain('<div class="announcement-bar announcement-bar--notice"');
  });

  it('lists the secondary navigation in the footer', () => {
    const out = render({
      ...samplePage('home'),
      secondaryNavigation: { items: [{ title: 'About', fullUrl: '/about' }, { title: 'Etsy', fullUrl: 'https://etsy.com/shop/x', newWindow: true }] },
    });
    const footer = elementContaining(out, '<footer class="site-footer"');
    expect(footer).toContain('<nav class="site-footer__nav" aria-label="Secondary">');
    expect(footer).toContain('<li><a href="/about">About</a></li>');
    expect(footer).toContain('<li><a href="https://etsy.com/shop/x" target="_blank" rel="noopener">Etsy</a></li>');
    expect(page('home')).not.toContain('<nav class="site-footer__nav"');
  });

  it('marks the active page inside a folder', () => {
    const about = page('about');
    expect(about).toContain('<a href="/about" aria-current="page">About</a>');
    expect(about).toContain('site-nav__item site-nav__item--active">\n<details');
  });

  it('mounts the cart pill only when the site has a store', () => {
    expect(html).toContain('<div class="cart-pill-slot" data-island="cart-pill"></div>');
    const noStore = render({ ...samplePage('home'), websiteSettings: null });
    expect(noStore).not.toContain('data-island="cart-pill"');
  });

  it('has a footer with the footer html, the social links and the year', () => {
    const footer = elementContaining(html, '<footer class="site-footer"');
    expect(footer).toContain('12 Kiln Lane, Hudson, NY 12534');
    expect(footer).toContain('<nav class="site-footer__social" aria-label="Social media">');
    expect(footer).toContain('<a href="https://www.instagram.com/clayandco.studio" rel="me noopener">Instagram<span class="visually-hidden"> (clayandco.studio)</span></a>');
    expect(footer).toContain('<a href="mailto:hello@clayandco.example">Email</a>');
    expect(footer).toContain('&copy; 2026 Clay &amp; Co.');
  });

  it('embeds siteContext as JSON the browser can read back', () => {
    const context = samplePage('home');
    const json = /<script id="site-context" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(context.siteContext);
  });

  it('never lets text from the context close the script or open a tag', () => {
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const context = samplePage('home');
    const out = render({
      ...context,
      website: { ...SAMPLE_WEBSITE, siteTitle: hostile },
      seo: { ...context.seo, title: hostile, description: `"${hostile}` },
      siteContext: { website: { siteTitle: hostile } },
    });
    expect(out.match(/<\/script>/gi)).toHaveLength(1);
    expect(withoutScripts(out)).not.toContain('<script>alert(1)');
    expect(withoutScripts(out)).not.toContain('<img src=x');
    expect(out.indexOf('<script id="site-context"')).toBeGreaterThan(out.indexOf('</footer>'));
    const json = /<script id="site-context" type="application\/json">([\s\S]*?)<\/script>/.exec(out)![1]!;
    expect(JSON.parse(json)).toEqual({ website: { siteTitle: hostile } });
    expect(out).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('falls back to the site title without seo', () => {
    const out = render({ ...samplePage('not-found'), seo: null });
    expect(out).toContain('<title>Clay &amp; Co.</title>');
    expect(out).not.toContain('rel="canonical"');
  });

  it('shows a logo image with the site title as its alt text', () => {
    const out = render({ ...samplePage('home'), website: { ...SAMPLE_WEBSITE, logoImageUrl: '/static/images/logo/logo.png' } });
    expect(out).toContain('<img class="site-title__logo" src="/static/images/logo/logo.png" alt="Clay &amp; Co." height="48">');
  });
});

describe('page with blocks', () => {
  it('renders the home page blocks: hero, image, button, products, summary and newsletter', () => {
    const html = main(page('home'));
    expect(html).toContain('<h1>Made slowly, used every day</h1>');
    expect(html).not.toContain('class="page-title"');
    const hero = elementContaining(html, '<figure class="image-block">');
    expect(hero).toContain('alt="Shelves of glazed mugs and bowls in the Clay &amp; Co. studio"');
    expect(hero).toContain('loading="eager" fetchpriority="high"');
    expect(hero).toContain('width="2400" height="1350"');
    expect(hero).toContain('/static/images/hero-studio/hero-studio.jpg?format=1500w 1500w"');
    expect(hero).not.toContain('2500w');
    expect(html).toContain('<a class="button" data-census-button="home-shop-button" href="/shop">Shop the collection</a>');
    expect(html).toContain('<div class="spacer-block" style="height: 40px" aria-hidden="true"></div>');
    const text = visibleText(html);
    expect(text).toContain('Stoneware Mug $28.00');
    expect(text).toContain('Large Serving Bowl $64.00');
    expect(html).toContain('<div class="product-mark sold-out">sold out</div>');
    expect(html).toContain('data-product-page="product_block"');
    const summary = elementContaining(html, '<div class="summary-block summary-block--grid">');
    expect(tags(summary, 'li')).toHaveLength(3);
    expect(summary).toContain('<h3 class="summary-card__title"><a href="/journal/a-week-of-mugs">A week of mugs: throwing, trimming, handles</a></h3>');
    expect(summary).toContain('about 5 days ago');
    const newsletter = elementContaining(html, '<div class="newsletter-block">');
    expect(newsletter).toContain('<h2 class="newsletter-block__title">Kiln days, in your inbox</h2>');
    expect(newsletter).toContain('<label class="newsletter-form__label" for="newsletter-email-home-newsletter">Email address</label>');
    expect(newsletter).toContain('data-island="newsletter"');
    expect(newsletter).toContain('>Sign up</button>');
  });

  it('renders quote, rule, accordion, map, social links and a captioned image on the about page', () => {
    const html = main(page('about'));
    expect(html).toContain('<blockquote class="quote-block__text"><p>A good mug should feel right in the hand before you ever taste the coffee.</p></blockquote>');
    expect(html).toContain('— <cite>Ana Ruiz</cite>');
    expect(html).toContain('<hr class="rule-block">');
    const accordion = elementContaining(html, '<div class="accordion-block">');
    expect(tags(accordion, 'details')).toHaveLength(3);
    expect(accordion).toContain('<h3 class="accordion-block__title">Is your tableware food safe?</h3>');
    const map = elementContaining(html, '<div class="map-block">');
    expect(map).toContain('Clay &amp; Co. Studio<br>12 Kiln Lane<br>Hudson, NY 12534<br>US');
    expect(map).toContain('href="https://www.openstreetmap.org/?mlat=42.2529&amp;mlon=-73.791#map=15/42.2529/-73.791"');
    expect(map).not.toContain('<script');
    expect(map).not.toContain('<iframe');
    expect(html).toContain('<nav class="social-block" aria-label="Follow Clay &amp; Co.">');
    expect(html).toContain('<figcaption class="image-block__caption"><p>Ana, trimming a batch of cereal bowls.</p></figcaption>');
  });

  it('renders video, markdown, code, a gallery block, a new-tab button and a form on the classes page', () => {
    const html = main(page('classes'));
    expect(html).toContain('<h1 class="page-title">Classes</h1>');
    expect(html).toContain('<div class="video-block__frame"><iframe src="https://player.vimeo.com/video/000000"');
    expect(html).toContain('<div class="rich-text markdown-block"><h2>What to bring</h2>');
    expect(html).toContain('<pre class="code-block" data-language="text"><code>Firing schedule (cone 6):');
    expect(html).toContain('target="_blank" rel="noopener">Read our class policies<span class="visually-hidden"> (opens in a new tab)</span></a>');
    const gallery = elementContaining(html, 'id="gallery-classes-gallery"');
    expect(gallery).toContain('class="gallery gallery--grid gallery--crop');
    expect(gallery).toContain('--gallery-columns: 3; --gallery-gap: 12px; --gallery-aspect: 4 / 3');
    expect(tags(gallery, 'img')).toHaveLength(3);
    const form = elementContaining(html, '<form class="form-block"');
    expect(form).toContain('data-island="form" data-form="form-class-enquiry"');
    expect(form).toContain('<h2 class="form-block__title">Ask about a class</h2>');
    expect(form).toContain('<label class="form-field__label" for="field-email">Email<span class="form-field__required" aria-hidden="true"> *</span></label>');
    expect(form).toContain('type="email" autocomplete="email" required placeholder="you@example.com"');
    expect(form).toContain('<input class="input" id="field-phone" type="tel" name="phone-number" autocomplete="tel" maxlength="40" aria-describedby="field-phone-help">');
    // The island reads the form's definition beside it (issue 14).
    expect(html).toContain('<script type="application/json" data-form-definition="form-class-enquiry">{"id":"form-class-enquiry"');
    expect(form).toContain('<option value="Glaze Mixing">Glaze Mixing</option>');
    expect(form).toContain('<legend class="form-field__label">Have you thrown before?</legend>');
    expect(form).toContain('<input type="hidden" name="source" value="classes-page">');
    expect(form).toContain('>Send enquiry</button>');
    expect(form).toContain('We only use your details to answer this enquiry.');
  });

  it('escapes code and prints a page title when no block has an h1', () => {
    const context = samplePage('classes');
    const blocks = [{ id: 'c', type: 23, typeName: 'code', value: { code: '<script>alert(1)</script>' } }];
    const out = main(render({ ...context, collection: { ...context.collection!, layout: { blocks } } }));
    expect(out).toContain('<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>');
  });

  it('skips block types it does not know', () => {
    const context = samplePage('classes');
    const blocks = [{ id: 'x', type: 62, typeName: 'chart', value: {} }, { id: 'h', type: 2, typeName: 'html', value: { html: '<p>Still here</p>' } }];
    const out = main(render({ ...context, collection: { ...context.collection!, layout: { blocks } } }));
    expect(out).toContain('<div class="block block--chart" id="block-x">\n</div>');
    expect(out).toContain('<p>Still here</p>');
  });
});

describe('blog', () => {
  it('lists posts with image, title, excerpt, date, author, comment label and pagination', () => {
    const html = main(page('blog-list'));
    expect(tags(html, 'article')).toHaveLength(3);
    const text = visibleText(html);
    expect(text).toContain('November 18, 2026 · by Ana Ruiz · 1 Comment');
    expect(text).toContain('by Tom Becker · 5 Comments');
    expect(text).toContain('by Ana Ruiz · No Comments');
    expect(html).toContain('<h2 class="post-card__title"><a href="/journal/why-we-mix-our-own-glazes">Why we mix our own glazes</a></h2>');
    expect(html).toContain('<p class="post-card__excerpt">We switched from cone 10 reduction to cone 6 electric this autumn, mostly for the sake of our…</p>');
    expect(html).toContain('<a class="pagination__link pagination__link--next" href="/journal?offset=1763000000000" rel="next">Older');
    expect(html).not.toContain('pagination__link--prev');
    const first = tags(html, 'img')[0]!;
    expect(first.attrs).toMatchObject({ loading: 'eager', fetchpriority: 'high', alt: 'A row of mugs with freshly pulled handles' });
    expect(tags(html, 'img')[1]!.attrs.loading).toBe('lazy');
  });

  it('hides comment labels when the site turns comments off', () => {
    const context = samplePage('blog-list');
    const out = main(render({ ...context, website: { ...SAMPLE_WEBSITE, commentsEnabled: false } }));
    expect(out).not.toContain('Comment');
  });

  it('shows a post with relative time, tags, categories, share links, comments and the next post', () => {
    const html = main(page('blog-item'));
    expect(html).toContain('<h1 class="page-title">A week of mugs: throwing, trimming, handles</h1>');
    expect(html).toContain('<time datetime="2026-11-18T17:00:00.000Z" title="November 18, 2026">about 5 days ago</time>');
    expect(html).toContain('<h2>Trimming</h2>');
    expect(html).toContain('<a class="chip" href="/journal?category=Process">Process</a>');
    expect(html).toContain('<a class="chip chip--tag" href="/journal?tag=mugs">#mugs</a>');
    const share = elementContaining(html, '<div class="share-links">');
    expect(share).toContain('href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fclayandco.example%2Fjournal%2Fa-week-of-mugs"');
    expect(share).toContain('https://twitter.com/intent/tweet?url=');
    expect(share).toContain('https://www.pinterest.com/pin/create/button/?url=');
    expect(share).toContain('mailto:?subject=A%20week%20of%20mugs');
    expect(share).not.toContain('linkedin');
    expect(html).toContain('<h2 class="post-comments__title" id="comments-title">1 Comment</h2>');
    const pager = elementContaining(html, '<nav class="item-pager"');
    expect(pager).toContain('aria-label="More posts"');
    expect(pager).toContain('href="/journal/why-we-mix-our-own-glazes" rel="next"');
    expect(pager).not.toContain('rel="prev"');
  });

  it('shows no share links when none is enabled', () => {
    const context = samplePage('blog-item');
    const out = render({ ...context, website: { ...SAMPLE_WEBSITE, shareButtonOptions: {} } });
    expect(main(out)).not.toContain('share-links');
  });
});

describe('events', () => {
  it('lists upcoming events soonest first, then past ones', () => {
    const html = main(page('events-list'));
    const upcoming = elementContaining(html, '<section class="event-group" aria-labelledby="upcoming-events">');
    const titles = [...upcoming.matchAll(/<h3 class="event-card__title"><a href="[^"]+">([^<]+)<\/a><\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual(['Hudson Winter Market', 'Glaze Mixing Afternoon', 'Open Studio Saturday']);
    const past = elementContaining(html, '<section class="event-group event-group--past"');
    expect(past).toContain('Beginner Wheel Workshop');
    expect(upcoming).toContain('<span class="event-card__month">Dec</span><span class="event-card__day">5</span>');
    expect(upcoming).toContain('Riverfront Hall, 1 Front Street, Hudson, NY 12534, US');
  });

  it('shows one date and a time range for a same-day event (SPEC 9)', () => {
    const html = main(page('event-item-same-day'));
    expect(html).toContain('<p class="event-dates event-dates--same-day"><time datetime="2026-12-12T18:00:00.000Z">Saturday, December 12, 2026</time>');
    expect(visibleText(html)).toContain('Saturday, December 12, 2026 1:00 PM – 4:00 PM');
    expect(html).not.toContain('event-dates--multi-day');
  });

  it('shows both dates for a multi-day event', () => {
    const html = main(page('event-item-multi-day'));
    expect(visibleText(html)).toContain('Saturday, December 5, 2026, 10:00 AM – Sunday, December 6, 2026, 5:00 PM');
    expect(html).toContain('event-dates--multi-day');
  });

  it('links the event to a public calendar with UTC dates and the location joined by commas', () => {
    const html = main(page('event-item-same-day'));
    expect(html).toContain(
      'href="http://www.google.com/calendar/event?action=TEMPLATE&amp;text=Glaze%20Mixing%20Afternoon&amp;dates=20261212T180000Z/20261212T210000Z' +
        '&amp;location=12%20Kiln%20Lane%2C%20Hudson%2C%20NY%2012534%2C%20US"',
    );
    expect(html).toContain('Add to Google Calendar<span class="visually-hidden"> (opens in a new tab)</span>');
    expect(html).toContain('<address class="event-facts__address">Clay &amp; Co. Studio<br>12 Kiln Lane<br>Hudson, NY 12534<br>US</address>');
    expect(html).toContain('aria-label="More events"');
  });
});

describe('gallery', () => {
  const gallery = (design: string) => elementContaining(main(page(`gallery-${design}`)), 'data-island="gallery"');

  it('grid: columns, gap, crop ratio, captions with descriptions and the lightbox', () => {
    const html = gallery('grid');
    expect(html).toContain('class="gallery gallery--grid gallery--crop gallery--square-thumbs gallery--meta gallery--meta-bottom gallery--align-center"');
    expect(html).toContain('style="--gallery-columns: 4; --gallery-gap: 20px; --gallery-aspect: 4 / 3;');
    expect(html).toContain('data-design="grid" data-autoplay="false" data-autoplay-duration="5" data-controls="false" data-lightbox="true" data-lightbox-theme="dark"');
    expect(tags(html, 'li')).toHaveLength(8);
    expect(html).toContain('<a class="gallery__link" href="/static/images/studio-shelves/studio-shelves.jpg?format=1500w" data-lightbox-item data-title="The finished-work shelves">');
    expect(html).toContain('<span class="gallery__title">The finished-work shelves</span>');
    expect(html).toContain('<span class="gallery__description"><p>Glazed work waiting for photographs and the shop.</p></span>');
    expect(html).toContain('sizes="(max-width: 432px) 50vw, 280px"');
    expect(tags(html, 'img')[0]!.attrs.loading).toBe('eager');
  });

  it('slideshow: carousel with autoplay data, hidden controls, a thumbnail strip and titles only', () => {
    const html = gallery('slideshow');
    expect(html).toContain('gallery--slideshow gallery--natural');
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toContain('data-autoplay="true" data-autoplay-duration="4" data-controls="true"');
    expect(html).toContain('--gallery-thumb-height: 72px');
    expect(html).toContain('<li class="gallery__item" id="gallery-gallery-1" aria-roledescription="slide" aria-label="1 of 8">');
    expect(html).toContain('<div class="gallery__controls" hidden>');
    const controls = elementContaining(html, '<div class="gallery__controls"');
    expect(controls).toContain('<button class="gallery__control gallery__control--prev" type="button" data-gallery-prev aria-controls="gallery-gallery">Previous<span class="visually-hidden"> image</span></button>');
    expect(controls).toContain('<button class="gallery__control gallery__control--play" type="button" data-gallery-play aria-controls="gallery-gallery" aria-pressed="false">Pause<span class="visually-hidden"> slideshow</span></button>');
    const thumbs = elementContaining(html, '<ol class="gallery__thumbs"');
    expect(tags(thumbs, 'a')).toHaveLength(8);
    expect(thumbs).toContain('<a class="gallery__thumb" href="#gallery-gallery-2"><img src="/static/images/wheel-throwing/wheel-throwing.jpg?format=300w" srcset="');
    expect(html).toContain('<span class="gallery__title">At the wheel</span>');
    expect(html).not.toContain('gallery__description');
    expect(html).toContain('<a class="gallery__link" href="/gallery/wheel-throwing">');
  });

  it('slider: aligned left, captions over the image on hover', () => {
    const html = gallery('slider');
    // Neither controls nor autoplay: no bar of buttons.
    expect(html).not.toContain('gallery__controls');
    expect(html).toContain('gallery--slider gallery--crop');
    expect(html).toContain('gallery--meta-bottom-left gallery--meta-hover gallery--align-left');
    expect(html).toContain('--gallery-gap: 16px');
    expect(html).toContain('sizes="(max-width: 432px) 85vw, 720px"');
  });

  it('stacked: natural proportions, captions on top, a light lightbox', () => {
    const html = gallery('stacked');
    expect(html).not.toContain('gallery__controls');
    expect(html).toContain('gallery--stacked gallery--natural');
    expect(html).toContain('gallery--meta-top');
    expect(html).toContain('--gallery-gap: 40px');
    expect(html).toContain('data-lightbox="true" data-lightbox-theme="light"');
  });

  it('says so when a gallery is empty', () => {
    const context = samplePage('gallery-grid');
    expect(render({ ...context, items: [] })).toContain('There are no images in this gallery yet.');
  });

  it('shows one gallery image on its own page', () => {
    const html = main(page('gallery-item'));
    expect(html).toContain('<h1 class="page-title">At the wheel</h1>');
    expect(html).toContain('alt="Pulling the walls of a serving bowl."');
  });
});

describe('store', () => {
  const grid = main(page('products-list'));
  const cardOf = (id: string) => {
    const at = grid.indexOf(`data-item-id="${id}"`);
    const start = grid.lastIndexOf('<li class="product-grid__item">', at);
    return grid.slice(start, grid.indexOf('</li>', at) + 5);
  };

  it('shows every product with image, title, price and an add-to-cart mount', () => {
    expect(tags(grid, 'article')).toHaveLength(10);
    const mug = cardOf('p-stoneware-mug');
    expect(visibleText(mug)).toContain('Stoneware Mug $28.00');
    expect(mug).toContain('<h2 class="product-card__title">Stoneware Mug</h2>');
    expect(mug).toContain('data-island="add-to-cart" data-item-id="p-stoneware-mug" data-collection-id="shop" data-product-type="1" data-sku="" data-label="Add To Cart" data-title="Stoneware Mug" data-sold-out="false"');
    expect(mug).toContain('data-needs-options="true" data-product-page="plp"');
    // The fallback button (and the island's) is named after the product: every 'Add To Cart' on a grid differs.
    expect(mug).toContain('type="button" disabled>Add To Cart<span class="visually-hidden">: Stoneware Mug</span></button>');
    // A grid card is no product root: no islands' JSON, no price island.
    expect(mug).not.toContain('data-product-root');
    expect(mug).not.toContain('data-island="product-price"');
  });

  it('marks sale and sold-out products (sold out wins; a paywall is never sold out)', () => {
    const apron = cardOf('p-linen-apron');
    expect(apron).toContain('<div class="product-mark sale">sale</div>');
    expect(visibleText(apron)).toContain('from $36.00');
    const bowl = cardOf('p-serving-bowl');
    expect(bowl).toContain('<div class="product-mark sold-out">Back after the next firing</div>');
    expect(bowl).toContain('data-sku="BOWL-L" data-label="Sold Out" data-title="Large Serving Bowl" data-sold-out="true"');
    expect(bowl).toContain('<button class="button button--small add-to-cart__button" type="button" disabled>Sold Out<span class="visually-hidden">: Large Serving Bowl</span></button>');
    const plate = cardOf('p-ridged-dinner-plate');
    expect(plate).toContain('product-mark sale');
    expect(visibleText(plate)).toContain('from $29.00');
    expect(cardOf('p-glaze-recipes')).not.toContain('product-mark');
    // The studio notes (a paywall subscription): no SOLD OUT, and the price it is sold at.
    const notes = cardOf('p-studio-notes');
    expect(notes).not.toContain('product-mark');
    expect(notes).not.toContain('product-card--sold-out');
    expect(visibleText(notes)).toContain('$8.00 every month');
  });

  it('shows scarcity on a card only when shown by default for its one variant', () => {
    // The mug's scarcity shows once a glaze is chosen (on its page), not on the grid.
    expect(cardOf('p-stoneware-mug')).not.toContain('product-scarcity');
  });

  it('labels the buttons as the SPEC says: custom text, Subscribe, Add To Cart', () => {
    expect(cardOf('p-throwing-class')).toContain('data-label="Book a Seat"');
    expect(cardOf('p-tea-club')).toContain('data-label="Subscribe" data-title="Tea Bowl of the Month" data-sold-out="false" data-subscribable="true"');
    expect(visibleText(cardOf('p-tea-club'))).toMatch(/\$42\.00 every month/);
    expect(cardOf('p-glaze-recipes')).toContain('data-sku="BOOK-PDF" data-label="Add To Cart"');
  });

  it('prints prices in dollars from records holding minor units', () => {
    expect(product('p-stoneware-mug').structuredContent.variants[0]!.priceMoney.value).toBe('2800');
    expect(grid).not.toContain('$2,800.00');
  });
});

describe('product page', () => {
  it('one option: images with srcset, price, one select, quantity, scarcity and add to cart', () => {
    const html = main(page('product-stoneware-mug'));
    expect(html).toContain('<h1 class="page-title product__title">Stoneware Mug</h1>');
    expect(html).toContain('<li aria-current="page">Stoneware Mug</li>');
    const gallery = elementContaining(html, '<div class="product-gallery" data-island="product-images">');
    const [mainImage, ...thumbs] = tags(gallery, 'img');
    expect(mainImage!.attrs).toMatchObject({ loading: 'eager', fetchpriority: 'high', alt: 'A sand-glazed stoneware mug on a wooden table', width: '1200' });
    expect(mainImage!.attrs.srcset).toContain('/static/images/mug-sand/mug-sand.jpg?format=1000w 1000w');
    expect(mainImage!.attrs.srcset).not.toContain('1500w');
    // Thumbnails: links to each full-size image (the island switches the main image in place).
    expect(thumbs.map((t) => t.attrs)).toMatchObject([{ loading: 'lazy', alt: '', sizes: '72px' }, { loading: 'lazy', alt: '', sizes: '72px' }]);
    expect(gallery).toContain('aria-label="Show image 2 of 2"');
    expect(visibleText(elementContaining(html, '<div class="product__price">'))).toBe('$28.00');
    expect(tags(html, 'select')).toHaveLength(1);
    expect(html).toContain('<label class="variant-option-title" for="pdp-p-stoneware-mug-option-1">Glaze:</label>');
    expect(html).toContain('<select id="pdp-p-stoneware-mug-option-1" name="Glaze" data-variant-option-name="Glaze">');
    expect(html).toContain('<option value="">Select Glaze</option>');
    expect(html).toContain('<input id="pdp-p-stoneware-mug-quantity" name="quantity" type="number" inputmode="numeric" min="1" max="9999" step="1" value="1" size="4">');
    // Scarcity is on but not shown by default: the island shows it once a glaze is chosen.
    expect(html).toContain('<p class="product-scarcity" data-island="product-scarcity" hidden></p>');
    const data = productData(html);
    expect(data.scarcity).toEqual({ text: 'Only {qtyInStock} left!', shownByDefault: false });
    // Each glaze's own image, named after it (the sand mug is the main image).
    expect(data.variants.map((v) => [v.sku, v.image])).toEqual([['MUG-SAND', 0], ['MUG-MOSS', 1]]);
    expect(html).toContain('<div class="product-form" data-product-form data-item-id="p-stoneware-mug">');
    expect(html).toContain('data-product-page="pdp"');
    // Restock sign-up is on for the mug: rendered hidden, shown by the island for a sold-out variant.
    expect(elementContaining(html, '<div class="restock"')).toMatch(/^<div class="restock" data-island="restock" data-product-id="p-stoneware-mug" data-views="[^"]*" data-success-text="Signed up!" data-bot-check="none" hidden>/);
    expect(html).toContain('<p>A 12 oz mug thrown on the wheel and glazed by hand.</p>');
    expect(html).toContain('aria-label="More products"');
  });

  it('two options on sale: two selects, the sale mark and the sale price', () => {
    const html = main(page('product-linen-apron'));
    expect(tags(html, 'select')).toHaveLength(2);
    expect(html).toContain('<option value="">Select Size</option>');
    expect(html).toContain('<div class="product-mark sale">sale</div>');
  });

  it('three options: three selects in the owner order', () => {
    const html = main(page('product-ridged-dinner-plate'));
    const names = tags(html, 'select').map((t) => t.attrs['data-variant-option-name']);
    expect(names).toEqual(['Glaze', 'Size', 'Finish']);
    expect(productData(html).scarcity).toEqual({ text: 'Only {qtyInStock} left in this combination', shownByDefault: true });
    expect(visibleText(elementContaining(html, '<div class="product__price">'))).toBe('from $29.00');
  });

  it('sold out: the mark, a disabled Sold Out button, no quantity, and the restock sign-up shown', () => {
    const html = main(page('product-large-serving-bowl'));
    expect(html).toContain('<div class="product-mark sold-out">Back after the next firing</div>');
    expect(html).toContain('<button class="button button--block add-to-cart__button" type="button" disabled>Sold Out</button>');
    expect(html).not.toContain('product-quantity-input');
    const restock = elementContaining(html, '<div class="restock"');
    expect(restock).toContain('data-island="restock" data-product-id="p-serving-bowl"');
    expect(restock).not.toMatch(/^<div[^>]* hidden>/);
    expect(restock).toContain('<h2 class="restock__title">Get notified by email when this product is back in stock</h2>');
    expect(restock).toContain('<label class="restock__label" for="restock-email-p-serving-bowl">Email address</label>');
    expect(restock).toContain('<input type="checkbox" name="isJoinMailingList"> Subscribe to our mailing list</label>');
  });

  it('subscription: Subscribe, the billing period in the price, no quantity', () => {
    const html = main(page('product-tea-bowl-of-the-month'));
    expect(html).toContain('>Subscribe</button>');
    expect(visibleText(elementContaining(html, '<div class="product__price">'))).toMatch(/^\$42\.00 every month/);
    expect(html).not.toContain('product-quantity-input');
  });

  it('digital: no options and no quantity', () => {
    const html = main(page('product-glaze-recipe-book'));
    expect(html).not.toContain('product-variants');
    expect(html).not.toContain('product-quantity-input');
    expect(visibleText(elementContaining(html, '<div class="product__price">'))).toBe('$12.00');
  });
});

describe('system pages', () => {
  it('not found: a helpful page with a search form', () => {
    const html = main(page('not-found'));
    expect(html).toContain('<h1 class="page-title">We couldn’t find that page</h1>');
    expect(html).toContain('<form class="search-form" role="search" action="/search" method="get">');
    expect(html).toContain('<a class="button button--secondary" href="/">Back to the home page</a>');
  });

  it('error: no details, whatever the context holds', () => {
    const context = { ...samplePage('error'), error: { message: 'boom', stack: 'Error: boom\n    at render (x.ts:1:1)' } };
    const html = render(context);
    expect(main(html)).toContain('<h1 class="page-title">Something went wrong</h1>');
    expect(html).not.toContain('boom');
    expect(html).not.toContain('x.ts');
  });

  it('search: a labelled GET /search?q= form and the results', () => {
    const html = main(page('search'));
    expect(html).toContain('<label class="search-form__label" for="search-page">Search the site</label>');
    expect(html).toContain('<input class="input" id="search-page" type="search" name="q" value="mug" autocomplete="off">');
    expect(html).toContain('<h2 class="search-results__title" id="search-results-title">4 results for “mug”</h2>');
    const results = elementContaining(html, '<ol class="search-results__list">');
    expect(tags(results, 'li')).toHaveLength(4);
    expect(visibleText(results)).toContain('Product Stoneware Mug Our everyday mug');
    expect(visibleText(results)).toContain('Post A week of mugs');
    expect(visibleText(results)).toContain('Image Sand glaze mug');
  });

  it('search: no results, and the bare form before a query', () => {
    expect(main(page('search-empty'))).toContain('0 results for “teapot”');
    expect(main(page('search-empty'))).toContain('Nothing matched your search.');
    const bare = main(page('search-form'));
    expect(bare).toContain('name="q" value=""');
    expect(bare).not.toContain('search-results');
  });

  it('search: escapes the query', () => {
    const context = samplePage('search-empty');
    const html = render({ ...context, search: { query: '"><script>x</script>', results: [] } });
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(html).not.toContain('<script>x');
  });

  it('lock screen: this page is locked, with a password form posting to the same path', () => {
    const html = main(page('lock-screen'));
    expect(html).toContain('<h1 class="page-title">This page is locked</h1>');
    expect(html).toContain('<form class="lock-form" method="post">');
    expect(html).toContain('<label class="lock-form__label" for="lock-password">Password</label>');
    expect(html).toContain('type="password" name="password" autocomplete="current-password" required');
    const wrong = render({ ...samplePage('lock-screen'), lockScreen: { error: 'That password is not right.' } });
    expect(wrong).toContain('<p class="form-error" role="alert">That password is not right.</p>');
  });

  it('protected content and members-only pages say what they are', () => {
    expect(main(page('protected'))).toContain('<h1 class="page-title">This content is protected</h1>');
    expect(main(page('members-only'))).toContain('<h1 class="page-title">This page is available only to site members</h1>');
  });
});

describe('Theme', () => {
  it('loads every template once and knows the partials', () => {
    expect(theme.names()).toEqual(expect.arrayContaining(['site', 'image', 'block', 'product-card', ...BODY_TEMPLATES]));
    expect(theme.stylesheet).toContain('--color-accent');
  });

  it('binds body to the page template and injects the stylesheet inline', () => {
    const input = theme.renderInputFor('blog-list');
    expect(input.partials.body).toBe(theme.template('blog-list'));
    expect(input.injects['site.css']).toBe(`<style>${theme.stylesheet}</style>`);
    expect(theme.renderInput({ pageType: 3 })).toBeNull();
  });

  it('links the stylesheet by its content hash when loaded with a stylesheet URL', () => {
    const linked = Theme.load(undefined, undefined, { stylesheetUrl: (hash) => `/static/theme/site.${hash}.css` });
    expect(linked.stylesheetHash).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(linked.stylesheetHash).toBe(theme.stylesheetHash);
    expect(linked.renderInputFor('page').injects['site.css']).toBe(`<link rel="stylesheet" href="/static/theme/site.${linked.stylesheetHash}.css">`);
  });

  it('refuses a theme folder with a broken template', () => {
    const dir = mkdtempSync(join(tmpdir(), 'theme-'));
    mkdirSync(join(dir, 'partials'));
    writeFileSync(join(dir, 'site.jsont'), '{.section a}unclosed');
    writeFileSync(join(dir, 'site.css'), '');
    expect(() => Theme.load(dir)).toThrow(ThemeLoadError);
    expect(() => Theme.load(dir)).toThrow(/site\.jsont: .*EOF/);
  });
});
