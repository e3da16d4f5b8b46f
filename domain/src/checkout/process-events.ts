import type { DomainError } from '../shared/decider';
import type { StockClaim } from './checkout-rules';
import type { OrderPayment, OrderPlaced } from './events';

/**
 * The checkout process, on its own stream (`checkout-<checkoutId>`): each step is recorded before
 * the next starts, so whoever picks a checkout up (the request that began it, or the recovery
 * worker after a crash) knows exactly what was done. Forward steps, in order:
 *
 *   CheckoutStarted → CheckoutPaymentAuthorized → CheckoutStockReserved → CheckoutCartClosed
 *   → CheckoutOrderPlaced → CheckoutPaymentCaptured (completed)
 *
 * Closing the cart is the point of no return: before it, a failure (declined card, no stock, cart
 * changed, contention, a deadline passed) records why and compensates (stock released, payment
 * voided, `CheckoutCompensated`); after it, the checkout is only ever completed. Type names are a
 * stored contract (and global in the log, hence the `Checkout` prefix): never rename them.
 */
export type CheckoutFailure = Pick<DomainError, 'code' | 'message' | 'details'>;

export type CheckoutStarted = {
  type: 'CheckoutStarted';
  data: {
    checkoutId: string;
    orderId: string;
    cartId: string;
    /**
     * Which cart the checkout closes: a shopping cart (absent) or a subscription cart, whose
     * token is `cartId` and which is checked out instead of purchased.
     */
    cartKind?: 'subscription';
    /** The cart version the order was priced from. */
    cartVersion: number;
    /** The order as priced from the cart; its payment is filled in once authorized. */
    order: OrderPlaced['data'];
    /** What the order takes from inventory, in the fixed order of `stockClaims`. */
    claims: StockClaim[];
    startedAt: string;
  };
};
export type CheckoutPaymentAuthorized = { type: 'CheckoutPaymentAuthorized'; data: { checkoutId: string; payment: OrderPayment; amountMinor: number; at: string } };
export type CheckoutPaymentDeclined = { type: 'CheckoutPaymentDeclined'; data: { checkoutId: string; failure: CheckoutFailure; at: string } };
export type CheckoutStockReserved = { type: 'CheckoutStockReserved'; data: { checkoutId: string; at: string } };
export type CheckoutStockReservationFailed = { type: 'CheckoutStockReservationFailed'; data: { checkoutId: string; failure: CheckoutFailure; at: string } };
export type CheckoutCartClosed = { type: 'CheckoutCartClosed'; data: { checkoutId: string; cartId: string; orderId: string; at: string } };
export type CheckoutCartCloseFailed = { type: 'CheckoutCartCloseFailed'; data: { checkoutId: string; failure: CheckoutFailure; at: string } };
export type CheckoutOrderPlaced = { type: 'CheckoutOrderPlaced'; data: { checkoutId: string; orderId: string; at: string } };
export type CheckoutPaymentCaptured = { type: 'CheckoutPaymentCaptured'; data: { checkoutId: string; paymentId: string; at: string } };
/** The checkout is given up before the point of no return (contention, or recovery past its deadline). */
export type CheckoutCompensationStarted = { type: 'CheckoutCompensationStarted'; data: { checkoutId: string; failure: CheckoutFailure; at: string } };
/** The recovery worker took over a checkout left unfinished past its deadline. */
export type CheckoutRecoveryStarted = {
  type: 'CheckoutRecoveryStarted';
  data: { checkoutId: string; action: 'complete' | 'compensate'; stuckAfter: CheckoutStatus; at: string };
};
export type CheckoutCompensated = { type: 'CheckoutCompensated'; data: { checkoutId: string; stockReleased: boolean; paymentVoided: boolean; at: string } };

export type CheckoutProcessEvent =
  | CheckoutStarted
  | CheckoutPaymentAuthorized
  | CheckoutPaymentDeclined
  | CheckoutStockReserved
  | CheckoutStockReservationFailed
  | CheckoutCartClosed
  | CheckoutCartCloseFailed
  | CheckoutOrderPlaced
  | CheckoutPaymentCaptured
  | CheckoutCompensationStarted
  | CheckoutRecoveryStarted
  | CheckoutCompensated;

export const CHECKOUT_PROCESS_EVENT_TYPES: CheckoutProcessEvent['type'][] = [
  'CheckoutStarted',
  'CheckoutPaymentAuthorized',
  'CheckoutPaymentDeclined',
  'CheckoutStockReserved',
  'CheckoutStockReservationFailed',
  'CheckoutCartClosed',
  'CheckoutCartCloseFailed',
  'CheckoutOrderPlaced',
  'CheckoutPaymentCaptured',
  'CheckoutCompensationStarted',
  'CheckoutRecoveryStarted',
  'CheckoutCompensated',
];

export const checkoutStreamId = (checkoutId: string) => `checkout-${checkoutId}`;
export const CHECKOUT_STREAM_TYPE = 'checkout';

/**
 * Where a checkout got to. Forward: started → authorized → reserved → cartClosed → orderPlaced →
 * completed. Giving up: compensating → compensated.
 */
export type CheckoutStatus = 'started' | 'authorized' | 'reserved' | 'cartClosed' | 'orderPlaced' | 'completed' | 'compensating' | 'compensated';
