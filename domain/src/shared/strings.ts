/**
 * The SPEC's user-facing strings, one place for the domain, the theme (its view helpers, and the
 * templates through `localizedStrings`) and the browser islands. Error messages are not here: they
 * are in `error-catalogue.ts` (ERROR_MESSAGES), also one place per string.
 *
 * `strings-catalogue.spec.ts` fails when a value of this catalogue or of ERROR_MESSAGES is written
 * as a literal anywhere else in domain/src, apps/api/src or web/src.
 */
export const STRINGS = {
  /** SPEC 4 'Add-to-cart button' and 'Add-to-cart label'. */
  addToCartButton: {
    addToCart: 'Add To Cart',
    subscribe: 'Subscribe',
    soldOut: 'Sold Out',
    selectOption: 'Select Option',
    adding: 'Adding…',
    added: 'Added!',
  },

  /** SPEC 8 'Cart': alert titles of a failed add (express checkout: purchase; gift cards). */
  cartAlertTitles: {
    addItem: 'Unable to Add Item',
    purchaseItem: 'Unable to Purchase Item',
    purchaseGiftCard: 'Unable to purchase Gift Card',
  },

  /**
   * SPEC 8 'Cart editing' alert titles, sent with an entry error so the page can show them.
   * `updateFields` is ours: the SPEC names no title for editing an entry's additional fields.
   */
  cartEditingTitles: {
    add: 'Unable to add item',
    updateQuantity: 'Unable to update quantity',
    remove: 'Unable to remove item',
    updateFields: 'Unable to update item',
  },

  /** SPEC 8 'General' (its 'Something went wrong' is ERROR_MESSAGES.INTERNAL). */
  general: {
    networkError: 'Network error',
  },

  /**
   * SPEC 3 'Localized strings' defaults for products and SPEC 8 'Other' fallback labels ('sold
   * out', 'sale', 'Quick View', 'Quantity', 'Select Value', 'Select {variantName}', 'N/A').
   */
  productLabels: {
    soldOut: 'sold out',
    sale: 'sale',
    quickView: 'Quick View',
    quantity: 'Quantity',
    variantSelect: 'Select {variantName}',
    giftCardValue: 'Value',
    giftCardVariantSelect: 'Select Value',
    summaryFormNoAnswer: 'N/A',
  },

  /** SPEC 9 'Likert defaults' (values -2 to 2); SPEC 3 lists likert labels among the localized strings. */
  likert: {
    stronglyDisagree: 'Strongly Disagree',
    disagree: 'Disagree',
    neutral: 'Neutral',
    agree: 'Agree',
    stronglyAgree: 'Strongly Agree',
  },

  /**
   * SPEC 3 'Merchandising context' restockNotificationMessages: our defaults when the owner set
   * none (the SPEC gives the fields, not the wording).
   */
  restockNotification: {
    buttonText: 'Sign Up',
    CTAText: 'Get notified by email when this product is back in stock',
    placeholderText: 'Your Email',
    mailingListDescription: 'Subscribe to our mailing list',
  },

  /**
   * Issue 12 'History and restore': how an owner's history names what happened (`events`, by event
   * type) and what changed (`fields`, by field key; the diff's labels), and the words of its values.
   */
  history: {
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
    fields: {
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
      // Site layout
      homePage: 'Home page',
      mainNav: 'Main navigation',
      secondaryNav: 'Secondary navigation',
    },
    /** Labels of one element of a list: a block, a variant, a page of the site. */
    block: 'Block {n} ({type})',
    variant: 'Variant {sku}',
    page: 'Page {path}',
    /** A long or rich text's change, beside the excerpts around it. */
    textLength: '{before} → {after} characters',
    yes: 'Yes',
    no: 'No',
  },
} as const;

/**
 * The page context's `localizedStrings` (SPEC 3 'Localized strings'): the engine's commerce
 * formatters and the theme's templates read these keys. Values come from STRINGS.
 */
export const LOCALIZED_STRING_DEFAULTS = {
  productAddToCartText: STRINGS.addToCartButton.addToCart,
  productSubscribeText: STRINGS.addToCartButton.subscribe,
  productQuantityInputLabel: STRINGS.productLabels.quantity,
  productSoldOutText: STRINGS.productLabels.soldOut,
  productSaleText: STRINGS.productLabels.sale,
  productQuickViewText: STRINGS.productLabels.quickView,
  productVariantSelectText: STRINGS.productLabels.variantSelect,
  giftCardValueDisplayText: STRINGS.productLabels.giftCardValue,
  giftCardVariantSelectText: STRINGS.productLabels.giftCardVariantSelect,
  productSummaryFormNoAnswerText: STRINGS.productLabels.summaryFormNoAnswer,
  productAnswerMapStronglyDisagree: STRINGS.likert.stronglyDisagree,
  productAnswerMapDisagree: STRINGS.likert.disagree,
  productAnswerMapNeutral: STRINGS.likert.neutral,
  productAnswerMapAgree: STRINGS.likert.agree,
  productAnswerMapStronglyAgree: STRINGS.likert.stronglyAgree,
} as const;
