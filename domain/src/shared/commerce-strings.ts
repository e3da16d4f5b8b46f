/**
 * The purchase path's strings (issue 13): the cart, checkout and order pages. Their own module, so
 * that only the islands of those pages bundle them (the islands every page loads import
 * strings.ts). strings.ts gathers them into STRINGS, and strings-catalogue.spec.ts holds them to
 * the same one-place rule.
 */
/**
 * Issue 13: the cart page (SPEC 2 'Cart page': summary, subtotal, Continue Shopping, 'Customers also
 * bought'). Its empty message is the catalogue's CART_NOT_FOUND ('You have nothing in your shopping
 * cart.'), its failure titles CART_EDITING_TITLES, its checkout button CHECKOUT_STRINGS.title.
 * `{title}` is an entry's product title.
 */
export const CART_PAGE_STRINGS = {
  title: 'Shopping Cart',
  continueShopping: 'Continue Shopping',
  customersAlsoBought: 'Customers also bought',
  subtotal: 'Subtotal',
  remove: 'Remove',
  removeItem: 'Remove {title} from your cart',
  decrease: 'One fewer {title}',
  increase: 'One more {title}',
  quantityOf: 'Quantity of {title}',
  each: '{price} each',
  itemsHeading: 'Items in your cart',
  removed: '{title} was removed from your cart.',
  updated: 'Your cart was updated.',
} as const;

/**
 * Issue 13: the checkout page. The payment form is the test-mode provider's (README 'Checkout and
 * payments': tok_visa pays, tok_chargeDeclined and tok_insufficientFunds are declined).
 */
export const CHECKOUT_STRINGS = {
  title: 'Checkout',
  testStoreTitle: 'This is a test store',
  testStoreText: 'No real payment is taken and nothing is shipped. Pay with one of the test cards below.',
  contact: 'Contact',
  email: 'Contact email',
  shippingAddress: 'Shipping address',
  noShipping: 'Nothing in this order is shipped, so no address is needed.',
  name: 'Full name',
  line1: 'Address',
  line2: 'Apartment, suite, etc. (optional)',
  city: 'Town or city',
  region: 'State, province or region',
  regionOptional: 'State, province or region (optional)',
  postalCode: 'ZIP or postal code',
  country: 'Country or region',
  payment: 'Payment',
  testCard: 'Test card',
  cardVisa: 'Visa test card (tok_visa): pays',
  cardDeclined: 'Declined test card (tok_chargeDeclined)',
  cardInsufficientFunds: 'Insufficient funds test card (tok_insufficientFunds)',
  orderSummary: 'Order summary',
  shipping: 'Shipping',
  free: 'Free',
  tax: 'Tax',
  total: 'Order total',
  placeOrder: 'Place Order',
  placingOrder: 'Placing your order…',
  resuming: 'Checking on the order you placed…',
  backToCart: 'Return to cart',
  errorTitle: 'Unable to place your order',
  fixFields: 'Please check the fields marked below.',
  cartGone: 'This cart is no longer open: it may have been checked out in another tab. Nothing more was charged.',
  stockGone: 'Someone bought the last of an item in your cart while you were checking out. Please review your cart.',
  networkError: 'We could not reach the store, so we do not know whether your order went through. Try again: it will never place a second order or charge you twice.',
  reviewCart: 'Review your cart',
  noScript: 'Placing an order needs JavaScript. Please turn it on and reload this page.',
  quantity: 'Qty {quantity}',
} as const;

/**
 * The subscription checkout (SPEC 1: 'Subscribable products go to a subscription checkout'; its
 * route, /checkout/subscription, is not shown there), the subscription confirmed page (206) and
 * how an order says it is a subscription. `{price}` reads as the product page words it
 * ('$8.00 every month', price-display.ts).
 */
export const SUBSCRIPTION_STRINGS = {
  title: 'Subscription checkout',
  backToProduct: 'Return to product',
  summary: 'Subscription summary',
  billing: 'Billing',
  untilCancelled: 'Until you cancel',
  onePayment: '1 payment',
  payments: '{count} payments',
  dueToday: 'Due today',
  place: 'Place Subscription',
  placing: 'Starting your subscription…',
  errorTitle: 'Unable to start your subscription',
  confirmedEyebrow: 'Subscription confirmed',
  confirmedTitle: 'Thank you for subscribing',
  confirmedText: 'Your subscription has started and its first payment is taken. Here is your plan.',
  badge: 'Subscription',
} as const;

/** Issue 13: the order confirmed (202) and order status (211) pages. */
export const ORDER_PAGE_STRINGS = {
  confirmedEyebrow: 'Order confirmed',
  confirmedTitle: 'Thank you for your order',
  confirmedText: 'Your order is placed. Here is what you bought.',
  statusEyebrow: 'Order status',
  statusTitle: 'Your order',
  keepLink: 'Keep this link to check on your order later:',
  statusLink: 'Order status page',
  orderNumber: 'Order #{number}',
  orderReference: 'Order {reference}',
  placedOn: 'Placed on {date}',
  statusPlaced: 'Order placed',
  statusFulfilled: 'Order fulfilled',
  statusCancelled: 'Order cancelled',
  textPlaced: 'We have your order and are getting it ready.',
  textFulfilled: 'Your order was fulfilled on {date}.',
  textCancelled: 'This order was cancelled on {date}. Its payment was refunded.',
  testMode: 'Test order: no real payment was taken and nothing will be shipped.',
  shipTo: 'Ship to',
  items: 'What you ordered',
} as const;

/**
 * Issue 13: a shipping address's field problems (checkout). US is SPEC 5's 'ZIP Codes need to be 5
 * digits.', any other country's unknown format its 'Invalid postal code.'; the SPEC does not show
 * the other countries' wording, so these follow it.
 */
export const SHIPPING_ADDRESS_MESSAGES = {
  required: 'Required',
  tooLong: 'This is too long.',
  country: 'Please choose a country we ship to.',
  postalCodeUS: 'ZIP Codes need to be 5 digits.',
  postalCodeCA: 'Postal codes need to look like K1A 0B1.',
  postalCodeGB: 'Postcodes need to look like SW1A 1AA.',
  postalCode4: 'Postcodes need to be 4 digits.',
  postalCode5: 'Postcodes need to be 5 digits.',
  postalCodeIE: 'Eircodes need to look like A65 F4E2.',
  postalCode: 'Invalid postal code.',
} as const;

