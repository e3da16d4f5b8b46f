/**
 * Where checkout takes payment. No real payment provider is reachable from our machines, so the
 * product ships a test-mode provider (`TestPaymentProvider`); a real one implements this same
 * interface. Checkout authorizes first (a declined card never touches stock), captures once the
 * order is placed, and voids an authorization it gives up. Every call is idempotent by its key
 * (the checkout id, which is also the order id): authorizing twice holds one payment, capturing
 * or voiding twice does it once, and a void that arrives before its authorization (a checkout
 * given up while its request was still paying) makes that authorization fail.
 */
export type AuthorizeRequest = {
  /** Idempotency key: the checkout id. */
  key: string;
  amountMinor: number;
  currency: string;
  /** The token the payment form produced for the buyer's card. */
  paymentToken: string;
  customerEmail: string;
};

export type AuthorizeResult =
  | { ok: true; paymentId: string; testMode: boolean }
  | { ok: false; declineCode: string; message: string };

export interface PaymentProvider {
  readonly name: string;
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** Takes an authorized payment; throws if it cannot (voided, never authorized). */
  capture(key: string): Promise<void>;
  /** Releases an authorization that was not captured (a no-op for one already voided or never made). */
  void(key: string): Promise<void>;
  /** Gives a payment back in full (cancelled order): refunds a captured one, voids one only authorized. */
  refund(key: string): Promise<void>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
