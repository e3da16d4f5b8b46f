/**
 * Where checkout takes payment. No real payment provider is reachable from our machines, so the
 * product ships a test-mode provider (`TestPaymentProvider`); a real one implements this same
 * interface. Every call is idempotent by `orderId`: charging an order twice takes one payment.
 */
export type ChargeRequest = {
  orderId: string;
  amountMinor: number;
  currency: string;
  /** The token the payment form produced for the buyer's card. */
  paymentToken: string;
  customerEmail: string;
};

export type ChargeResult =
  | { ok: true; paymentId: string; testMode: boolean }
  | { ok: false; declineCode: string; message: string };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives an order's payment back in full (cancelled order, or a checkout that failed after charging). */
  refund(orderId: string): Promise<void>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
