/**
 * The SPEC's user-facing strings, one place for the domain, the theme (its view helpers, and the
 * templates through `localizedStrings`) and the browser islands. Error messages are not here: they
 * are in `error-catalogue.ts` (ERROR_MESSAGES), also one place per string.
 *
 * Each area is its own export, so a bundle takes only the areas it uses (the published pages'
 * islands import the cart's, not the owner history's labels); STRINGS gathers them for the server.
 *
 * `strings-catalogue.spec.ts` fails when a value of this catalogue or of ERROR_MESSAGES is written
 * as a literal anywhere else in domain/src, apps/api/src or web/src.
 */
import { CART_PAGE_STRINGS, CHECKOUT_STRINGS, ORDER_PAGE_STRINGS, SHIPPING_ADDRESS_MESSAGES, SUBSCRIPTION_STRINGS } from './commerce-strings';

export { CART_PAGE_STRINGS, CHECKOUT_STRINGS, ORDER_PAGE_STRINGS, SHIPPING_ADDRESS_MESSAGES, SUBSCRIPTION_STRINGS };

/** SPEC 4 'Add-to-cart button' and 'Add-to-cart label'. */
export const ADD_TO_CART_BUTTON_STRINGS = {
  addToCart: 'Add To Cart',
  subscribe: 'Subscribe',
  soldOut: 'Sold Out',
  selectOption: 'Select Option',
  adding: 'Adding…',
  added: 'Added!',
} as const;

/** SPEC 8 'Cart': alert titles of a failed add (express checkout: purchase; gift cards). */
export const ADD_TO_CART_ALERT_TITLES = {
  addItem: 'Unable to Add Item',
  purchaseItem: 'Unable to Purchase Item',
  purchaseGiftCard: 'Unable to purchase Gift Card',
} as const;

/**
 * SPEC 8 'Cart editing' alert titles, sent with an entry error so the page can show them.
 * `updateFields` is ours: the SPEC names no title for editing an entry's additional fields.
 */
export const CART_EDITING_TITLES = {
  add: 'Unable to add item',
  updateQuantity: 'Unable to update quantity',
  remove: 'Unable to remove item',
  updateFields: 'Unable to update item',
} as const;

/**
 * How a price reads (SPEC 3 'Localized strings' has the engine's productPriceFromText; SPEC 8
 * 'Unavailable' for a subscription price it cannot word). `{price}` is a formatted amount; the
 * subscription wording is the template engine's own English ('$42.00 every month for 1 year').
 * `salePrice` and `originalPrice` name the two amounts of a sale for screen readers.
 */
export const PRODUCT_PRICE_STRINGS = {
  from: 'from {price}',
  /** Billed every period: one unit, or `{count}` of them. */
  every: {
    WEEK: ['{price} every week', '{price} every {count} weeks'],
    MONTH: ['{price} every month', '{price} every {count} months'],
    YEAR: ['{price} every year', '{price} every {count} years'],
  },
  /** How long a plan that ends lasts, after the price. */
  forDuration: {
    WEEK: [' for 1 week', ' for {count} weeks'],
    MONTH: [' for 1 month', ' for {count} months'],
    YEAR: [' for 1 year', ' for {count} years'],
  },
  unavailable: 'Unavailable',
  salePrice: 'Reduced price',
  originalPrice: 'Regular price',
} as const;

/**
 * The product page's own controls: the gallery's thumbnails, and the added-item popover of a list
 * page (SPEC 4: removed on close, after 3 s, or when another appears).
 */
export const PRODUCT_PAGE_STRINGS = {
  showImage: 'Show image {n} of {count}',
  addedToCart: 'Added to cart',
  viewCart: 'View Cart',
  close: 'Dismiss',
  /** What the cart pill's live region says when the count changes. */
  cartUpdated: 'Cart updated: {summary}',
} as const;

/**
 * SPEC 4 'Installment pill', 5 'Installment messages', 9 'Installments default to 4 payments'. The
 * SPEC does not show the texts per country; these are ours, per language of the SPEC's locales
 * (en_US, en_CA, fr_CA, en_AU, en_NZ with Afterpay; en_GB with Clearpay). `{provider}`,
 * `{count}` payments of `{amount}`; `{max}` and `{min}` are the store's range.
 */
export const INSTALLMENT_STRINGS = {
  en: {
    inRange: 'or {count} interest-free payments of {amount} with {provider}',
    upTo: '{provider} available for orders up to {max}',
    over: '{provider} available for orders over {min}',
    learnMore: 'Learn more about {provider}',
    dialogTitle: 'Pay in {count} with {provider}',
  },
  fr: {
    inRange: 'ou {count} versements sans intérêts de {amount} avec {provider}',
    upTo: '{provider} disponible pour les commandes jusqu’à {max}',
    over: '{provider} disponible pour les commandes de plus de {min}',
    learnMore: 'En savoir plus sur {provider}',
    dialogTitle: 'Payez en {count} fois avec {provider}',
  },
} as const;

/** SPEC 8 'General' (its 'Something went wrong' is ERROR_MESSAGES.INTERNAL). */
export const GENERAL_STRINGS = {
  networkError: 'Network error',
  /** A list or report that could not be read (the owner app's Analytics panel, with its Retry). */
  unableToLoadResults: 'Unable to load results',
} as const;

/**
 * SPEC 3 'Localized strings' defaults for products and SPEC 8 'Other' fallback labels ('sold
 * out', 'sale', 'Quick View', 'Quantity', 'Select Value', 'Select {variantName}', 'N/A').
 */
export const PRODUCT_LABELS = {
  soldOut: 'sold out',
  sale: 'sale',
  quickView: 'Quick View',
  quantity: 'Quantity',
  variantSelect: 'Select {variantName}',
  giftCardValue: 'Value',
  giftCardVariantSelect: 'Select Value',
  summaryFormNoAnswer: 'N/A',
} as const;

/** SPEC 9 'Likert defaults' (values -2 to 2); SPEC 3 lists likert labels among the localized strings. */
export const LIKERT_LABELS = {
  stronglyDisagree: 'Strongly Disagree',
  disagree: 'Disagree',
  neutral: 'Neutral',
  agree: 'Agree',
  stronglyAgree: 'Strongly Agree',
} as const;

/**
 * SPEC 3 'Merchandising context' restockNotificationMessages: our defaults when the owner set
 * none (the SPEC gives the fields, not the wording).
 */
export const RESTOCK_NOTIFICATION_DEFAULTS = {
  buttonText: 'Sign Up',
  CTAText: 'Get notified by email when this product is back in stock',
  placeholderText: 'Your Email',
  mailingListDescription: 'Subscribe to our mailing list',
} as const;

/**
 * What the owner app's forms label each field with (by field key), and what the history's readable
 * diff calls the same field, so an owner finds in the history the words of the form.
 */
export const FIELD_LABELS = {
  // Pages and collections
  title: 'Title',
  navigationTitle: 'Navigation title',
  seoTitle: 'SEO title',
  announcementBar: 'Announcement bar',
  expressCheckout: 'Express checkout',
  multipleQuantityAllowedForServices: 'More than one of a service',
  checkoutMinimumSubtotalCents: 'Checkout minimum (minor units)',
  seoDescription: 'SEO description',
  description: 'Description text',
  urlId: 'URL',
  folderBehavior: 'Folder behavior',
  published: 'Shown to visitors',
  membersOnly: 'Members only',
  locked: 'Locked with a password',
  pageSize: 'Items per page',
  blockOrder: 'Block order',
  itemCount: 'Number of items',
  itemOrder: 'Item order',
  galleryOptions: 'Gallery option',
  // Content items
  excerpt: 'Excerpt',
  body: 'Text',
  mainImageId: 'Main image',
  tags: 'Tag list',
  categories: 'Category list',
  author: 'Author',
  commentsOpen: 'Comments open',
  sourceUrl: 'Source link',
  startDate: 'Starts',
  endDate: 'Ends',
  location: 'Location',
  workflowState: 'Publish state',
  publishOn: 'Publish date',
  // Products
  variantOptionOrdering: 'Variant options',
  subscriptionPlan: 'Subscription plan',
  additionalFieldsFormId: 'Additional fields form',
  useCustomAddButtonText: 'Custom button text on',
  customAddButtonText: 'Custom button text',
  merchandising: 'Merchandising',
  enabled: 'Enabled',
  images: 'Images',
  variantAttributes: 'Options',
  variantPrice: 'Price',
  variantSalePrice: 'Sale price',
  variantOnSale: 'On sale',
  variantImage: 'Own image',
  // Site settings
  siteTitle: 'Site title',
  siteTagLine: 'Tag line',
  timeZone: 'Time zone',
  language: 'Language',
  currency: 'Currency',
  useCLDRMoneyFormat: 'Local money format',
  siteStatus: 'Site status',
  expiration: 'Expires',
  websiteType: 'Website type',
  commentsEnabled: 'Comments',
  simpleLikingEnabled: 'Likes',
  disqusShortname: 'Disqus shortname',
  shareButtonOptions: 'Share button',
  socialAccounts: 'Social accounts',
  logoImageId: 'Logo',
  captchaSiteKey: 'Captcha site key',
  header: 'Header',
  footer: 'Footer',
  newsletterFormId: 'Footer newsletter',
  // Site layout
  homePage: 'Home page',
  mainNav: 'Main navigation',
  secondaryNav: 'Secondary navigation',
} as const;

/**
 * Issue 12 'History and restore': how an owner's history names what happened (`events`, by event
 * type) and what changed (`fields`, by field key; the diff's labels), and the words of its values.
 */
export const HISTORY_STRINGS = {
  events: {
    WebsiteCreated: 'Site created',
    WebsiteSettingsChanged: 'Settings changed',
    SiteHeaderFooterChanged: 'Header and footer changed',
    WebsiteRestored: 'Settings restored',
    CollectionRegistered: 'Page added to the site',
    CollectionUrlIdChanged: 'Page URL changed',
    CollectionUnregistered: 'Page removed from the site',
    NavigationUpdated: 'Navigation changed',
    HomePageSet: 'Home page changed',
    CollectionCreated: 'Page created',
    CollectionDetailsChanged: 'Page settings changed',
    CollectionPasswordChanged: 'Page lock changed',
    CollectionLayoutChanged: 'Blocks changed',
    GalleryOptionsChanged: 'Gallery options changed',
    CollectionItemListed: 'Item added',
    CollectionItemUrlIdChanged: 'Item URL changed',
    CollectionItemUnlisted: 'Item taken out',
    CollectionItemsReordered: 'Items reordered',
    CollectionDeleted: 'Page deleted',
    CollectionRestored: 'Page restored',
    ContentItemCreated: 'Item created',
    ContentItemEdited: 'Item edited',
    ContentItemWorkflowChanged: 'Publish state changed',
    ContentItemDeleted: 'Item deleted',
    ContentItemRestored: 'Item restored',
    ProductCreated: 'Product created',
    ProductDetailsEdited: 'Product details edited',
    ProductVariantAdded: 'Variant added',
    ProductVariantEdited: 'Variant edited',
    ProductVariantRemoved: 'Variant removed',
    ProductSaleChanged: 'Sale changed',
    ProductEnabled: 'Product enabled',
    ProductDisabled: 'Product disabled',
    ProductDeleted: 'Product deleted',
    ProductImagesSet: 'Images changed',
    ProductRestored: 'Product restored',
  },
  fields: FIELD_LABELS,
  /** Labels of one element of a list: a block, a variant, a page of the site. */
  block: 'Block {n} ({type})',
  variant: 'Variant {sku}',
  page: 'Page {path}',
  /** A long or rich text's change, beside the excerpts around it. */
  textLength: '{before} → {after} characters',
  yes: 'Yes',
  no: 'No',
} as const;

/** Every area above and the commerce pages' (commerce-strings.ts), for the domain and the theme. */
export const STRINGS = {
  addToCartButton: ADD_TO_CART_BUTTON_STRINGS,
  cartAlertTitles: ADD_TO_CART_ALERT_TITLES,
  cartEditingTitles: CART_EDITING_TITLES,
  cartPage: CART_PAGE_STRINGS,
  checkout: CHECKOUT_STRINGS,
  orderPage: ORDER_PAGE_STRINGS,
  subscription: SUBSCRIPTION_STRINGS,
  shippingAddress: SHIPPING_ADDRESS_MESSAGES,
  general: GENERAL_STRINGS,
  productPrice: PRODUCT_PRICE_STRINGS,
  productPage: PRODUCT_PAGE_STRINGS,
  installments: INSTALLMENT_STRINGS,
  productLabels: PRODUCT_LABELS,
  likert: LIKERT_LABELS,
  restockNotification: RESTOCK_NOTIFICATION_DEFAULTS,
  history: HISTORY_STRINGS,
} as const;

/**
 * The page context's `localizedStrings` (SPEC 3 'Localized strings'): the engine's commerce
 * formatters and the theme's templates read these keys. Values come from STRINGS.
 */
export const LOCALIZED_STRING_DEFAULTS = {
  productAddToCartText: ADD_TO_CART_BUTTON_STRINGS.addToCart,
  productSubscribeText: ADD_TO_CART_BUTTON_STRINGS.subscribe,
  productQuantityInputLabel: PRODUCT_LABELS.quantity,
  productSoldOutText: PRODUCT_LABELS.soldOut,
  productSaleText: PRODUCT_LABELS.sale,
  productQuickViewText: PRODUCT_LABELS.quickView,
  productVariantSelectText: PRODUCT_LABELS.variantSelect,
  giftCardValueDisplayText: PRODUCT_LABELS.giftCardValue,
  giftCardVariantSelectText: PRODUCT_LABELS.giftCardVariantSelect,
  productSummaryFormNoAnswerText: PRODUCT_LABELS.summaryFormNoAnswer,
  productAnswerMapStronglyDisagree: LIKERT_LABELS.stronglyDisagree,
  productAnswerMapDisagree: LIKERT_LABELS.disagree,
  productAnswerMapNeutral: LIKERT_LABELS.neutral,
  productAnswerMapAgree: LIKERT_LABELS.agree,
  productAnswerMapStronglyAgree: LIKERT_LABELS.stronglyAgree,
} as const;
