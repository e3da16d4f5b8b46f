import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  BLOCK, DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, DEFAULT_WEBSITE_TITLE, ERROR_MESSAGES, LOCALIZED_STRING_DEFAULTS, PAGE_TYPES, type CollectionRecord, type ContentItemRecord,
  type PageType, type ProductRecord, type PublicForm,
} from '@storefront/domain';
import { CART_SETTINGS, type CartSettings } from '../cart';
import { ProductCatalog } from '../catalog';
import { ContentAccess } from '../security/content-access';
import { SitePreview, SiteReadModel, SiteSearch } from '../content';
import { textFromHtml, truncate, type Block, type ImageAsset, type PageContext, type Seo } from '../theme';
import { CommercePages, commerceRoute, isCommerceRedirect } from './commerce-pages';
import { ImageAssets } from './image-assets';
import { PublishedForms } from './published-forms';
import { RestockPageSettings } from './restock-page-settings';
import type { Visitor } from './visitor';

/** SPEC section 3 'Localized strings', in the store's language (English for now): the domain's strings catalogue. */
export const LOCALIZED_STRINGS: Record<string, string> = LOCALIZED_STRING_DEFAULTS;

export type { Visitor } from './visitor';

/**
 * What a published path comes to: a page to render (with its HTTP status) or a redirect. A
 * `personal` page shows what belongs to this visitor alone (their cart, their order): never stored.
 */
export type PageOutcome = { kind: 'page'; status: number; context: PageContext; personal?: boolean } | { kind: 'redirect'; location: string; personal?: boolean };

const MAX_LIST = 100;
/** Blocks whose `formId` names a form (issue 14). */
const FORM_BLOCK_TYPES: ReadonlySet<number> = new Set([BLOCK.form, BLOCK.newsletter]);
/** The footer newsletter's block id (its island's `data-block-id`). */
export const FOOTER_NEWSLETTER_BLOCK_ID = 'footer-newsletter';

/**
 * A page whose own blocks show the footer's newsletter form shows it once, in the page: the same
 * sign-up twice on one page asks twice and repeats its controls' ids.
 */
function withoutRepeatedNewsletter(context: PageContext): PageContext {
  const footer = context.headerFooter as { newsletterFormId?: string | null; newsletter?: Block | null } | null | undefined;
  const formId = footer?.newsletter ? footer.newsletterFormId : null;
  if (!formId) return context;
  const blocks = (context.collection as { layout?: { blocks?: Block[] } } | null | undefined)?.layout?.blocks ?? [];
  const repeated = blocks.some((b) => FORM_BLOCK_TYPES.has(b.type) && b.value.formId === formId && b.value.form);
  return repeated ? { ...context, headerFooter: { ...footer, newsletter: null } } : context;
}

/** What every page's context has around the page's own data: `seo` is always there for the page kinds to fill in. */
type PageFrame = PageContext & { seo: Seo };

/**
 * Builds the page context (docs/SITE-CONTEXT.md) for a published path, from read models only:
 * the site's (collections, items, navigation, header/footer), the catalog's products and the
 * media context's image assets. Every path comes to a SPEC page type (PAGE_TYPES): page,
 * content collection, content item, not found, search, lock screen, protected content (the JSON
 * of a locked page), member area access denied.
 *
 * What a visitor may read is ContentAccess's to say, on every path: the page itself, the records
 * summary and product blocks pull in from other collections, and search results (issue 13).
 */
@Injectable()
export class PageContextBuilder {
  constructor(
    private readonly site: SiteReadModel,
    private readonly preview: SitePreview,
    private readonly search: SiteSearch,
    private readonly catalog: ProductCatalog,
    private readonly images: ImageAssets,
    private readonly access: ContentAccess,
    @Inject(CART_SETTINGS) private readonly cartSettings: CartSettings,
    /** The cart, checkout and order pages; absent from the past site (an owner's look back has no cart). */
    @Optional() private readonly commerce?: CommercePages,
    /** Form and newsletter blocks' forms; absent from the past site (its form blocks show nothing). */
    @Optional() private readonly forms?: PublishedForms,
    /** The store's back-in-stock form words and success text; absent from the past site (its form keeps the defaults). */
    @Optional() private readonly restock?: RestockPageSettings,
  ) {}

  async forPath(path: string, query: Record<string, unknown>, visitor: Visitor, options: { json: boolean; now?: number }): Promise<PageOutcome> {
    const now = options.now ?? Date.now();
    if (path === '/search') return this.page(200, await this.searchPage(String(query.q ?? ''), visitor, now));
    // The cart, checkout and order pages (issue 13): this visitor's own, never shared.
    const commerce = this.commerce ? commerceRoute(path) : null;
    if (commerce && this.commerce) {
      const context = await this.commerce.context(commerce, query, visitor, (pageType, title) => this.frame(pageType, visitor, now, title, path));
      if (!context) return this.page(404, await this.systemPage(PAGE_TYPES.notFound, visitor, now, 'Page not found'));
      if (isCommerceRedirect(context)) return { kind: 'redirect', location: context.redirect, personal: true };
      return { kind: 'page', status: 200, context, personal: true };
    }
    const resolved = await this.resolve(path, now, visitor.owner);
    if (!resolved) return this.page(404, await this.systemPage(PAGE_TYPES.notFound, visitor, now, 'Page not found'));
    const { collection, item, product } = resolved;

    if (collection.folder) {
      const children = await this.site.folderChildren(collection.id, { now });
      const first = children.find((c) => !c.externalLink);
      if (collection.folderBehavior === 3 || !first) return this.page(404, await this.systemPage(PAGE_TYPES.notFound, visitor, now, 'Page not found'));
      return { kind: 'redirect', location: first.fullUrl };
    }
    if (!collection.published && !visitor.owner) return this.page(404, await this.systemPage(PAGE_TYPES.notFound, visitor, now, 'Page not found'));
    const rule = await this.access.ruleOf(collection.id);
    if (rule === 'locked' && !(await this.access.canRead(collection.id, visitor))) {
      // The lock screen for visitors; the JSON of a locked page is protected content, not its data.
      return options.json
        ? this.page(401, await this.systemPage(PAGE_TYPES.protectedContent, visitor, now, 'Protected content', path))
        : this.page(401, await this.systemPage(PAGE_TYPES.lockScreen, visitor, now, collection.title, path, collection));
    }
    if ((rule === 'members' || rule === 'unpublished') && !(await this.access.canRead(collection.id, visitor))) return this.page(403, await this.systemPage(PAGE_TYPES.memberAreaAccessDenied, visitor, now, collection.title, path, collection));

    if (product) return this.page(200, await this.productPage(collection, product, visitor, now, path));
    if (item) return this.page(200, await this.itemPage(collection, item, visitor, now, path));
    return this.page(200, await this.collectionPage(collection, query, visitor, now, path));
  }

  async errorPage(visitor: Visitor): Promise<PageContext> {
    return this.systemPage(PAGE_TYPES.error, visitor, Date.now(), ERROR_MESSAGES.INTERNAL);
  }

  private page(status: number, context: PageContext): PageOutcome {
    return { kind: 'page', status, context: withoutRepeatedNewsletter(context) };
  }

  /** A visitor's page or item at `path`; for an owner also an unpublished page or a draft item (the editor's preview). */
  private async resolve(path: string, now: number, owner: boolean): Promise<{ collection: CollectionRecord; item: ContentItemRecord | null; product: ProductRecord | null } | null> {
    const parts = path.split('/').filter(Boolean);
    // A product's page: `/shop/p/<urlId>` (its record's fullUrl, which cards and the sitemap link) or `/shop/<urlId>`.
    const productPath = parts.length === 3 && parts[1] === 'p' ? [parts[0]!, parts[2]!] : parts.length === 2 ? parts : null;
    if (productPath) {
      const collection = await this.site.collectionByPath(`/${productPath[0]}`, { now });
      if (collection?.typeName === 'products') {
        const product = await this.catalog.findByUrlId(storeOf(collection), safeDecode(productPath[1]!));
        return product ? { collection, item: null, product } : null;
      }
    }
    const found = owner ? await this.preview.resolvePath(path, { now }) : await this.site.resolvePath(path, { now });
    return found ? { ...found, product: null } : null;
  }

  private async products(collection: CollectionRecord): Promise<ProductRecord[]> {
    return this.withAdditionalFieldsForms(await this.catalog.listProducts(storeOf(collection)));
  }

  /**
   * Products with their additional-fields form (SPEC 3 Product record `additionalFieldsForm`): the
   * SPEC Form from the forms' read model, the shape the form island reads; null when the product
   * has none or its form does not exist (it then adds without the lightbox). One query for all.
   */
  private async withAdditionalFieldsForms(products: ProductRecord[]): Promise<ProductRecord[]> {
    const ids = products.map((p) => p.structuredContent?.additionalFieldsFormId);
    if (!ids.some(Boolean)) return products;
    const forms = this.forms ? await this.forms.byIds(ids) : new Map<string, PublicForm>();
    return products.map((p) => {
      const id = p.structuredContent?.additionalFieldsFormId;
      return id ? { ...p, structuredContent: { ...p.structuredContent, additionalFieldsForm: forms.get(id) ?? null } } : p;
    });
  }

  // ── Shared frame ──────────────────────────────────────────────────────────────────────

  /** `path` null: a page that is no page of the site (not found, error): no navigation entry is current and there is no canonical address. */
  private async frame(pageType: PageType, visitor: Visitor, now: number, title: string, path: string | null, collection: CollectionRecord | null = null): Promise<PageFrame> {
    const activePath = path ?? undefined;
    const [site, navigation, secondaryNavigation, headerFooter] = await Promise.all([
      this.site.website(now),
      this.site.navigation('mainNav', { activePath, now }),
      this.site.navigation('secondaryNav', { activePath, now }),
      this.site.headerFooter(),
    ]);
    const footerNewsletter = await this.footerNewsletter(headerFooter.newsletterFormId, pageType);
    const record = site?.website ?? null;
    const website = { ...(record ?? { siteTitle: DEFAULT_WEBSITE_TITLE }), baseUrl: visitor.baseUrl };
    const siteTitle = website.siteTitle;
    const currency = site?.websiteSettings?.storeSettings?.selectedCurrency ?? DEFAULT_CURRENCY;
    const logo = record?.logoImageId ? (await this.images.byIds([record.logoImageId])).values().next().value : null;
    // The owner's store settings; one never set is the environment's (storeSettingsOf's rule).
    const stored = site?.websiteSettings?.storeSettings;
    const storeSettings = {
      selectedCurrency: currency,
      expressCheckout: stored?.expressCheckout ?? false,
      multipleQuantityAllowedForServices: stored?.multipleQuantityAllowedForServices ?? this.cartSettings.storeSettings.multipleQuantityAllowedForServices,
    };
    return {
      pageType,
      website: { ...website, logoImageUrl: logo ? `${logo.assetUrl}?format=300w` : null },
      websiteSettings: { ...site?.websiteSettings, storeSettings },
      navigation,
      secondaryNavigation,
      headerFooter: { ...headerFooter, newsletter: footerNewsletter },
      localizedStrings: LOCALIZED_STRINGS,
      seo: {
        title: title && title !== siteTitle ? `${title} — ${siteTitle}` : siteTitle,
        description: record?.siteTagLine ?? '',
        canonicalUrl: path === null ? null : `${visitor.baseUrl}${path}`,
        ogImage: null,
      },
      siteContext: {
        website: {
          id: record?.id ?? null,
          title: siteTitle,
          timeZone: record?.timeZone ?? DEFAULT_TIME_ZONE,
          // The bot check's reCAPTCHA site key (web/src/features/bot-check).
          captchaSettings: { siteKey: record?.captchaSettings?.siteKey ?? null },
        },
        websiteRoles: websiteRoles(visitor.roles),
        storeSettings,
        betaFeatureFlags: [],
        collection: collection ? { id: collection.id, type: collection.type } : null,
        pageType,
        hasCart: visitor.hasCart,
        authenticated: visitor.roles.length > 0,
      },
      ...(collection ? { collection } : {}),
    };
  }

  private async systemPage(pageType: PageType, visitor: Visitor, now: number, title: string, path: string | null = null, collection: CollectionRecord | null = null): Promise<PageContext> {
    const frame = await this.frame(pageType, visitor, now, title, path, null);
    // System pages show only what the visitor may know about a locked page: its title and path.
    const shown = collection ? { id: collection.id, title: collection.title, fullUrl: collection.fullUrl, typeName: collection.typeName } : undefined;
    return { ...frame, ...(shown ? { lockScreen: { title: shown.title, fullUrl: shown.fullUrl }, protectedPage: shown } : {}) };
  }

  // ── Page kinds ────────────────────────────────────────────────────────────────────────

  private async searchPage(raw: string, visitor: Visitor, now: number): Promise<PageContext> {
    const frame = await this.frame(PAGE_TYPES.search, visitor, now, 'Search', '/search');
    const found = await this.search.search(raw, { limit: 30, now });
    const { query } = found;
    // Search leaves out locked and members-only collections itself; this keeps it to the one rule.
    const readable = await Promise.all(found.results.map((r) => this.access.canRead('collectionId' in r.record ? r.record.collectionId : undefined, visitor)));
    const results = found.results.filter((_r, i) => readable[i]);
    const records = results.map((r) => ({ ...r.record, title: r.title, fullUrl: r.fullUrl, excerpt: escapeText(r.snippet), kind: r.kind }));
    const withImages = await this.withImages(records);
    return { ...frame, search: { query, results: withImages } };
  }

  private async collectionPage(collection: CollectionRecord, query: Record<string, unknown>, visitor: Visitor, now: number, path: string): Promise<PageContext> {
    if (collection.typeName === 'page') {
      // The home page is titled by the site alone.
      const frame = await this.frame(PAGE_TYPES.page, visitor, now, collection.isHome ? '' : collection.title, path, collection);
      const blocks = await this.withBlockData(collection.layout?.blocks ?? [], now, visitor);
      // Product blocks and add-on items show their product's scarcity text and custom sold-out mark.
      const productIds = blocks.flatMap((b) => (b.value.product && typeof b.value.product === 'object' ? [(b.value.product as { id: string }).id] : []));
      const merchandising = productIds.length > 0 ? { productMerchandisingContext: await this.catalog.merchandisingContext(productIds) } : {};
      const ctx = { ...frame, ...merchandising, collection: { ...collection, layout: { blocks } } };
      ctx.seo.description = describe(collection.description) || ctx.seo.description;
      ctx.seo.ogImage = firstImageUrl(blocks, visitor.baseUrl);
      return withPageSeo(ctx, collection);
    }
    const frame = await this.frame(PAGE_TYPES.contentCollection, visitor, now, collection.title, path, collection);
    if (collection.typeName === 'products') {
      const products = await this.products(collection);
      const items = products.map((p) => this.productItem(p));
      const withImages = await this.withImages(items);
      return withPageSeo({ ...frame, items: withImages, productMerchandisingContext: await this.catalog.merchandisingContext(products.map((p) => p.id)) }, collection);
    }
    const page = Number(query.page) > 0 ? Math.floor(Number(query.page)) : 1;
    const everything = collection.typeName === 'events' || collection.typeName === 'gallery';
    const { items, pagination } = await this.site.publishedItems(collection.id, {
      page: everything ? 1 : page, now,
      ...(everything ? { pageSize: MAX_LIST } : {}),
      ...(typeof query.tag === 'string' ? { tag: query.tag } : {}),
      ...(typeof query.category === 'string' ? { category: query.category } : {}),
    });
    const withImages = await this.withImages(items);
    const ctx = { ...frame, items: collection.typeName === 'gallery' ? withImages.map(asGalleryImage) : withImages, pagination };
    ctx.seo.description = describe(collection.description) || ctx.seo.description;
    return withPageSeo(ctx, collection);
  }

  private async itemPage(collection: CollectionRecord, item: ContentItemRecord, visitor: Visitor, now: number, path: string): Promise<PageContext> {
    const frame = await this.frame(PAGE_TYPES.contentItem, visitor, now, item.title, path, collection);
    const [withImage] = await this.withImages([item]);
    const siblings = (await this.site.publishedItems(collection.id, { pageSize: MAX_LIST, now })).items;
    const at = siblings.findIndex((s) => s.id === item.id);
    const neighbour = (s: ContentItemRecord | undefined) => (s ? { title: s.title, fullUrl: s.fullUrl } : null);
    const shown = collection.typeName === 'gallery' ? asGalleryImage(withImage!) : withImage!;
    const ctx = { ...frame, item: shown, pagination: { prevItem: neighbour(siblings[at - 1]), nextItem: neighbour(siblings[at + 1]) } };
    ctx.seo.description = describe(item.excerpt) || describe(item.body) || ctx.seo.description;
    ctx.seo.ogImage = withImage!.mainImage ? `${visitor.baseUrl}${withImage!.mainImage.assetUrl}?format=1500w` : null;
    return ctx;
  }

  private async productPage(collection: CollectionRecord, product: ProductRecord, visitor: Visitor, now: number, path: string): Promise<PageContext> {
    const frame = await this.frame(PAGE_TYPES.contentItem, visitor, now, product.title, path, collection);
    const [withForm] = await this.withAdditionalFieldsForms([product]);
    const item = await this.productPageItem(withForm!);
    const merchandising = await this.catalog.merchandisingContext([product.id]);
    const restock = this.restock ? await this.restock.read() : null;
    // The owner's words for the restock form are the store's, the same on every product.
    const productMerchandisingContext = restock
      ? Object.fromEntries(Object.entries(merchandising).map(([id, m]) => [id, { ...m, restockNotificationMessages: restock.settings.restockNotificationMessages }]))
      : merchandising;
    const ctx = { ...frame, item, productMerchandisingContext, ...(restock ? { merchandisingSettings: restock.merchandisingSettings } : {}) };
    ctx.seo.description = describe(product.description) || ctx.seo.description;
    const image = item.mainImage;
    ctx.seo.ogImage = image ? `${visitor.baseUrl}${image.assetUrl}?format=1500w` : null;
    return ctx;
  }

  // ── Data the templates need beside the records ────────────────────────────────────────

  /** A product as a content item: its first image is the main image (cards, blocks, search results). */
  private productItem(product: ProductRecord): Omit<ProductRecord, 'mainImageId'> & { mainImageId: string | null; excerpt: string } {
    return { ...product, mainImageId: product.mainImageId ?? null, excerpt: product.description ?? '' };
  }

  /** A product page's item: `mainImage` and, as `items`, the assets of its other images (one query for all). */
  private async productPageItem(product: ProductRecord) {
    const imageIds = product.imageIds ?? [];
    const assets = await this.images.byIds(imageIds);
    const item = this.productItem(product);
    const mainImage = item.mainImageId ? assets.get(item.mainImageId) ?? null : null;
    const items = imageIds.slice(1).flatMap((id) => assets.get(id) ?? []);
    return { ...item, mainImage, assetUrl: mainImage?.assetUrl ?? null, items };
  }

  /**
   * Items with `mainImage` and `assetUrl` filled from their `mainImageId` (search results: collections
   * have none), and a product of one variant with an image of its own with that image as
   * `variantImages` (its grid card's added-item popover shows it). One query for all.
   */
  private async withImages<T extends object>(items: T[]): Promise<(T & { mainImage: ImageAsset | null; assetUrl: string | null })[]> {
    const assets = await this.images.byIds([...items.map(mainImageIdOf), ...items.map(oneVariantImageIdOf)]);
    return items.map((i) => {
      const id = mainImageIdOf(i);
      const image = id ? assets.get(id) ?? null : null;
      const own = oneVariantImageIdOf(i);
      const variantImage = own ? assets.get(own) : undefined;
      const sku = variantImage ? (i as { structuredContent: { variants: { sku: string }[] } }).structuredContent.variants[0]!.sku : null;
      return { ...i, mainImage: image, assetUrl: image?.assetUrl ?? null, ...(sku && variantImage ? { variantImages: { [sku]: variantImage } } : {}) };
    });
  }

  /**
   * The footer's newsletter (issue 14 part 8) as a newsletter block (the same partial and island as
   * a page's), with its form's published definition; null without one, or when the form is gone.
   * Its island loads near the viewport (`load: 'visible'`), or on the cart and checkout pages, whose
   * download budget is the purchase path's, once the visitor uses it (`'interaction'`).
   */
  private async footerNewsletter(formId: string | null, pageType: PageType): Promise<Block | null> {
    if (!formId || !this.forms) return null;
    const form = (await this.forms.byIds([formId])).get(formId);
    if (!form || form.kind !== 'newsletter') return null;
    const load = pageType === PAGE_TYPES.cart || pageType === PAGE_TYPES.checkout ? 'interaction' : 'visible';
    return { id: FOOTER_NEWSLETTER_BLOCK_ID, type: BLOCK.newsletter, typeName: 'newsletter', value: { formId, form, title: form.name, load } };
  }

  /**
   * Blocks with the records their ids point at (images, gallery images, summary items, products):
   * only what the visitor may read (a summary of a locked or members-only collection the visitor
   * has not unlocked shows nothing; a product of such a store is left out).
   */
  private async withBlockData(blocks: Block[], now: number, visitor: Visitor): Promise<Block[]> {
    const imageIds = blocks.flatMap((b) => [b.value.imageId, ...((b.value.imageIds as string[] | undefined) ?? [])]) as string[];
    const assets = await this.images.byIds(imageIds);
    const formIds = blocks.flatMap((b) => (FORM_BLOCK_TYPES.has(b.type) && typeof b.value.formId === 'string' ? [b.value.formId] : []));
    const forms = this.forms ? await this.forms.byIds(formIds) : new Map();
    return Promise.all(
      blocks.map(async (block) => {
        const value = { ...block.value };
        if (typeof value.imageId === 'string') value.image = assets.get(value.imageId) ?? null;
        if (FORM_BLOCK_TYPES.has(block.type) && typeof value.formId === 'string') value.form = forms.get(value.formId) ?? null;
        if (Array.isArray(value.imageIds)) value.images = (value.imageIds as string[]).map((id) => assets.get(id)).filter(Boolean);
        if (typeof value.collectionId === 'string') {
          const found = await this.site.collection(value.collectionId, { now });
          const target = found && (await this.access.canRead(found.id, visitor)) ? found : null;
          const limit = Math.min(MAX_LIST, Number(value.pageSize) > 0 ? Number(value.pageSize) : 6);
          value.items = [];
          if (target?.typeName === 'products') {
            value.items = await this.withImages((await this.products(target)).slice(0, limit).map((p) => this.productItem(p)));
          } else if (target) {
            value.items = await this.withImages((await this.site.publishedItems(target.id, { pageSize: limit, now })).items);
          }
        }
        if (typeof value.productId === 'string') {
          const found = await this.catalog.findProduct(value.productId);
          const product = found && (await this.access.canReadProduct(found, visitor)) ? (await this.withAdditionalFieldsForms([found]))[0]! : null;
          // Every image of the product: a product block shows the chosen variant's own image.
          value.product = product ? await this.productPageItem(product) : null;
        }
        return { ...block, value };
      }),
    );
  }
}

/** A gallery item shown as the image it holds (the theme reads the asset's fields on the item). */
function asGalleryImage<T extends { mainImage: ImageAsset | null; title: string }>(item: T): T {
  const image = item.mainImage;
  if (!image) return item;
  const { assetUrl, originalSize, mediaFocalPoint, colorData, altText } = image as ImageAsset & Record<string, unknown>;
  return { ...item, assetUrl, originalSize, mediaFocalPoint, colorData, altText: altText || item.title };
}

/** The own image id of a product's only variant; null for anything else. */
function oneVariantImageIdOf(item: object): string | null {
  const variants = (item as { structuredContent?: { variants?: { imageId?: unknown }[] } }).structuredContent?.variants;
  const imageId = Array.isArray(variants) && variants.length === 1 ? variants[0]?.imageId : undefined;
  return typeof imageId === 'string' ? imageId : null;
}

/** A record's main image id; null for records without one (collections among search results). */
function mainImageIdOf(item: object): string | null {
  return 'mainImageId' in item && typeof item.mainImageId === 'string' ? item.mainImageId : null;
}

/** The catalog store a products collection shows. */
function storeOf(collection: CollectionRecord): string {
  return collection.storeCollectionId ?? collection.id;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A page's own SEO title and description, when the owner set them, over the ones made from its title and description. */
function withPageSeo<T extends PageFrame>(ctx: T, collection: CollectionRecord): T {
  if (collection.seoTitle) ctx.seo.title = collection.seoTitle;
  if (collection.seoDescription) ctx.seo.description = collection.seoDescription;
  return ctx;
}

function describe(html: string | null | undefined): string {
  return html ? truncate(textFromHtml(html), 160) : '';
}

function firstImageUrl(blocks: Block[], baseUrl: string): string | null {
  const image = blocks.map((b) => b.value.image as ImageAsset | undefined).find(Boolean);
  return image ? `${baseUrl}${image.assetUrl}?format=1500w` : null;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** SPEC section 6: the signed-in account's roles are the keys of websiteRoles (`{ editor: true }`); a visitor has none. */
export function websiteRoles(roles: readonly string[]): Record<string, true> {
  return Object.fromEntries(roles.map((role) => [role, true] as const));
}
