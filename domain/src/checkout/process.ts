import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import { decideOrder } from './decide';
import type { OrderPayment } from './events';
import type { CheckoutFailure, CheckoutProcessEvent, CheckoutStarted, CheckoutStatus } from './process-events';
import { initialOrderState } from './state';

/**
 * The checkout process manager's decider: the request (or the recovery worker) does a step's work
 * (idempotently, keyed by the checkout id), then reports it here; the decider records it only in
 * the right order, so two runners racing over one checkout record each step once, and a step
 * reported after the checkout was given up is refused (the reporter then compensates).
 */
export type StartCheckout = { type: 'StartCheckout'; data: CheckoutStarted['data'] };
export type RecordPaymentAuthorized = { type: 'RecordPaymentAuthorized'; data: { payment: OrderPayment; amountMinor: number; now: string } };
export type RecordPaymentDeclined = { type: 'RecordPaymentDeclined'; data: { failure: CheckoutFailure; now: string } };
export type RecordStockReserved = { type: 'RecordStockReserved'; data: { now: string } };
export type RecordStockReservationFailed = { type: 'RecordStockReservationFailed'; data: { failure: CheckoutFailure; now: string } };
export type RecordCartClosed = { type: 'RecordCartClosed'; data: { now: string } };
export type RecordCartCloseFailed = { type: 'RecordCartCloseFailed'; data: { failure: CheckoutFailure; now: string } };
export type RecordOrderPlaced = { type: 'RecordOrderPlaced'; data: { now: string } };
export type RecordPaymentCaptured = { type: 'RecordPaymentCaptured'; data: { now: string } };
/** Give the checkout up (before the point of no return only), e.g. when stock contention never settles. */
export type AbandonCheckout = { type: 'AbandonCheckout'; data: { failure: CheckoutFailure; now: string } };
/**
 * The recovery worker takes a checkout over: it completes one that holds both payment and stock
 * (or whose cart is already closed) and compensates any other. Refused while the checkout has
 * moved within the deadline (`staleBefore`): its request may still be working on it.
 */
export type BeginCheckoutRecovery = { type: 'BeginCheckoutRecovery'; data: { staleBefore: string; now: string } };
export type RecordCheckoutCompensated = { type: 'RecordCheckoutCompensated'; data: { stockReleased: boolean; paymentVoided: boolean; now: string } };

export type CheckoutProcessCommand =
  | StartCheckout
  | RecordPaymentAuthorized
  | RecordPaymentDeclined
  | RecordStockReserved
  | RecordStockReservationFailed
  | RecordCartClosed
  | RecordCartCloseFailed
  | RecordOrderPlaced
  | RecordPaymentCaptured
  | AbandonCheckout
  | BeginCheckoutRecovery
  | RecordCheckoutCompensated;

export type CheckoutProcessState =
  | { status: 'none' }
  | {
      status: CheckoutStatus;
      checkout: CheckoutStarted['data'];
      payment: OrderPayment | null;
      /** Why the checkout was given up (the error its buyer is answered with). */
      failure: CheckoutFailure | null;
      /** Whether the recovery worker had to take it over (shown to the owner). */
      recovery: { action: 'complete' | 'compensate'; stuckAfter: CheckoutStatus; at: string } | null;
      compensation: { stockReleased: boolean; paymentVoided: boolean } | null;
      startedAt: string;
      /** When its last step was recorded (the recovery deadline counts from here). */
      updatedAt: string;
    };

export type ActiveCheckout = Exclude<CheckoutProcessState, { status: 'none' }>;

export const initialCheckoutProcessState = (): CheckoutProcessState => ({ status: 'none' });

/** The work a checkout needs next, or null once it has ended. */
export type CheckoutStep = 'authorize' | 'reserve' | 'closeCart' | 'placeOrder' | 'capture' | 'compensate';

export function nextCheckoutStep(state: CheckoutProcessState): CheckoutStep | null {
  switch (state.status) {
    case 'started':
      return 'authorize';
    case 'authorized':
      return 'reserve';
    case 'reserved':
      return 'closeCart';
    case 'cartClosed':
      return 'placeOrder';
    case 'orderPlaced':
      return 'capture';
    case 'compensating':
      return 'compensate';
    default:
      return null;
  }
}

const FORWARD: CheckoutStatus[] = ['started', 'authorized', 'reserved', 'cartClosed', 'orderPlaced', 'completed'];
/** Before the cart is closed a checkout may still be given up; from then on it is only completed. */
const COMPENSABLE: CheckoutStatus[] = ['started', 'authorized', 'reserved'];

export const isCheckoutEnded = (state: CheckoutProcessState) => state.status === 'completed' || state.status === 'compensated';

type ProcessDecision = Decision<CheckoutProcessEvent, DomainError>;

const ended = (state: ActiveCheckout) => reject(domainError('CHECKOUT_ENDED', { checkoutId: state.checkout.checkoutId, status: state.status }));

/**
 * A forward step done at `from`: recorded when the checkout is exactly there, a no-op when it is
 * already past it (the step was recorded by another runner), refused when it was given up.
 */
function forward(state: CheckoutProcessState, from: CheckoutStatus, event: () => CheckoutProcessEvent[]): ProcessDecision {
  if (state.status === 'none') return reject(domainError('CHECKOUT_NOT_FOUND'));
  if (state.status === from) return accept(...event());
  if (FORWARD.indexOf(state.status) > FORWARD.indexOf(from) && FORWARD.includes(state.status)) return accept();
  return ended(state);
}

/** A failure at `from`: the checkout turns to compensating (or, when nothing is held yet, ends compensated). */
function failed(state: CheckoutProcessState, from: CheckoutStatus, event: () => CheckoutProcessEvent[]): ProcessDecision {
  if (state.status === 'none') return reject(domainError('CHECKOUT_NOT_FOUND'));
  if (state.status === from) return accept(...event());
  if (state.status === 'compensating' || state.status === 'compensated') return accept();
  return ended(state);
}

export function decideCheckoutProcess(command: CheckoutProcessCommand, state: CheckoutProcessState): ProcessDecision {
  if (command.type === 'StartCheckout') {
    if (state.status !== 'none') return state.checkout.checkoutId === command.data.checkoutId ? accept() : reject(domainError('CHECKOUT_ENDED'));
    const { order, claims } = command.data;
    // The order must be placeable as priced: refuse now rather than after taking payment.
    const placeable = decideOrder({ type: 'PlaceOrder', data: order }, initialOrderState());
    if (!placeable.ok) return placeable;
    if (claims.some((c) => !Number.isSafeInteger(c.quantity) || c.quantity < 1)) return reject(domainError('INVALID_RESERVATION'));
    return accept({ type: 'CheckoutStarted', data: command.data });
  }
  if (state.status === 'none') return reject(domainError('CHECKOUT_NOT_FOUND'));
  const checkoutId = state.checkout.checkoutId;
  const { now } = command.data;
  switch (command.type) {
    case 'RecordPaymentAuthorized':
      return forward(state, 'started', () => [
        { type: 'CheckoutPaymentAuthorized', data: { checkoutId, payment: command.data.payment, amountMinor: command.data.amountMinor, at: now } },
      ]);
    case 'RecordPaymentDeclined':
      // Payment is the first step: a declined card holds nothing, so the checkout ends here.
      return failed(state, 'started', () => [
        { type: 'CheckoutPaymentDeclined', data: { checkoutId, failure: command.data.failure, at: now } },
        { type: 'CheckoutCompensated', data: { checkoutId, stockReleased: false, paymentVoided: false, at: now } },
      ]);
    case 'RecordStockReserved':
      return forward(state, 'authorized', () => [{ type: 'CheckoutStockReserved', data: { checkoutId, at: now } }]);
    case 'RecordStockReservationFailed':
      return failed(state, 'authorized', () => [{ type: 'CheckoutStockReservationFailed', data: { checkoutId, failure: command.data.failure, at: now } }]);
    case 'RecordCartClosed':
      return forward(state, 'reserved', () => [
        { type: 'CheckoutCartClosed', data: { checkoutId, cartId: state.checkout.cartId, orderId: state.checkout.orderId, at: now } },
      ]);
    case 'RecordCartCloseFailed':
      return failed(state, 'reserved', () => [{ type: 'CheckoutCartCloseFailed', data: { checkoutId, failure: command.data.failure, at: now } }]);
    case 'RecordOrderPlaced':
      return forward(state, 'cartClosed', () => [{ type: 'CheckoutOrderPlaced', data: { checkoutId, orderId: state.checkout.orderId, at: now } }]);
    case 'RecordPaymentCaptured':
      return forward(state, 'orderPlaced', () => [{ type: 'CheckoutPaymentCaptured', data: { checkoutId, paymentId: state.payment?.paymentId ?? '', at: now } }]);
    case 'AbandonCheckout':
      if (state.status === 'compensating' || state.status === 'compensated') return accept();
      if (!COMPENSABLE.includes(state.status)) return reject(domainError('CHECKOUT_ENDED', { checkoutId, status: state.status }));
      return accept({ type: 'CheckoutCompensationStarted', data: { checkoutId, failure: command.data.failure, at: now } });
    case 'BeginCheckoutRecovery': {
      if (isCheckoutEnded(state)) return accept();
      if (state.updatedAt >= command.data.staleBefore) return reject(domainError('CHECKOUT_IN_PROGRESS', { checkoutId }));
      // A recovery already under way (its runner stopped part-way): go on from where it got to.
      if (state.recovery) return accept();
      const stuckAfter = state.status;
      // Holding both payment and stock (or past closing the cart): finish it. Anything less: give it up.
      const action = state.status === 'started' || state.status === 'authorized' || state.status === 'compensating' ? 'compensate' : 'complete';
      const events: CheckoutProcessEvent[] = [{ type: 'CheckoutRecoveryStarted', data: { checkoutId, action, stuckAfter, at: now } }];
      if (action === 'compensate' && state.status !== 'compensating') {
        events.push({ type: 'CheckoutCompensationStarted', data: { checkoutId, failure: domainError('CHECKOUT_EXPIRED'), at: now } });
      }
      return accept(...events);
    }
    case 'RecordCheckoutCompensated':
      if (state.status === 'compensated') return accept();
      if (state.status !== 'compensating') return ended(state);
      return accept({ type: 'CheckoutCompensated', data: { checkoutId, stockReleased: command.data.stockReleased, paymentVoided: command.data.paymentVoided, at: now } });
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled checkout command ${JSON.stringify(unhandled)}`);
    }
  }
}

/** Total: an event that does not fit the state leaves it unchanged, so replay never fails. */
export function evolveCheckoutProcess(state: CheckoutProcessState, event: CheckoutProcessEvent): CheckoutProcessState {
  if (event.type === 'CheckoutStarted') {
    if (state.status !== 'none') return state;
    const at = event.data.startedAt;
    return { status: 'started', checkout: event.data, payment: null, failure: null, recovery: null, compensation: null, startedAt: at, updatedAt: at };
  }
  if (state.status === 'none') return state;
  const moved = { ...state, updatedAt: event.data.at };
  switch (event.type) {
    case 'CheckoutPaymentAuthorized':
      return { ...moved, status: 'authorized', payment: event.data.payment };
    case 'CheckoutPaymentDeclined':
    case 'CheckoutStockReservationFailed':
    case 'CheckoutCartCloseFailed':
    case 'CheckoutCompensationStarted':
      return { ...moved, status: 'compensating', failure: event.data.failure };
    case 'CheckoutStockReserved':
      return { ...moved, status: 'reserved' };
    case 'CheckoutCartClosed':
      return { ...moved, status: 'cartClosed' };
    case 'CheckoutOrderPlaced':
      return { ...moved, status: 'orderPlaced' };
    case 'CheckoutPaymentCaptured':
      return { ...moved, status: 'completed' };
    case 'CheckoutRecoveryStarted':
      return { ...moved, recovery: { action: event.data.action, stuckAfter: event.data.stuckAfter, at: event.data.at } };
    case 'CheckoutCompensated':
      return { ...moved, status: 'compensated', compensation: { stockReleased: event.data.stockReleased, paymentVoided: event.data.paymentVoided } };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export const checkoutProcessDecider: Decider<CheckoutProcessCommand, CheckoutProcessState, CheckoutProcessEvent, DomainError> = {
  initialState: initialCheckoutProcessState,
  evolve: evolveCheckoutProcess,
  decide: decideCheckoutProcess,
};

/** The owner's view of a checkout (GET /api/commerce/checkouts). */
export type CheckoutView = {
  id: string;
  orderId: string;
  cartId: string;
  customerEmail: string;
  grandTotalCents: number;
  currency: string;
  status: 'IN_PROGRESS' | 'COMPLETED' | 'COMPENSATED';
  step: CheckoutStatus;
  /** The checkout was left unfinished past its deadline and the recovery worker finished or compensated it. */
  needsAttention: boolean;
  recovery: { action: 'complete' | 'compensate'; stuckAfter: CheckoutStatus; at: string } | null;
  failure: { code: string; message: string } | null;
  compensation: { stockReleased: boolean; paymentVoided: boolean } | null;
  startedAt: string;
  updatedAt: string;
};

export function checkoutView(state: CheckoutProcessState): CheckoutView | null {
  if (state.status === 'none') return null;
  const { checkout } = state;
  return {
    id: checkout.checkoutId,
    orderId: checkout.orderId,
    cartId: checkout.cartId,
    customerEmail: checkout.order.customerEmail,
    grandTotalCents: checkout.order.grandTotalCents,
    currency: checkout.order.currency,
    status: state.status === 'completed' ? 'COMPLETED' : state.status === 'compensated' ? 'COMPENSATED' : 'IN_PROGRESS',
    step: state.status,
    needsAttention: state.recovery !== null,
    recovery: state.recovery,
    failure: state.failure ? { code: state.failure.code, message: state.failure.message } : null,
    compensation: state.compensation,
    startedAt: state.startedAt,
    updatedAt: state.updatedAt,
  };
}
