import { createHash } from 'node:crypto';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './payment-provider';

/**
 * A stand-in for a card processor in test mode (it is a fake: no money moves, and every order it
 * pays for carries `testMode: true`). Tokens follow the usual test-card convention:
 *   `tok_chargeDeclined` → declined ('Your card was declined.'), `tok_insufficientFunds` →
 *   declined for funds; any other non-empty token → paid.
 * Payment ids derive from the order id, so a retried charge (even from another process) returns
 * the same payment, as a real provider's idempotency key would.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  private readonly charges = new Map<string, ChargeResult>();
  readonly refunds = new Set<string>();

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const previous = this.charges.get(request.orderId);
    if (previous) return previous;
    const result = this.decide(request);
    // Only payments are remembered: after a decline the buyer may try another card for the same order.
    if (result.ok) this.charges.set(request.orderId, result);
    return result;
  }

  async refund(orderId: string): Promise<void> {
    if (this.charges.get(orderId)?.ok) this.refunds.add(orderId);
  }

  private decide({ orderId, amountMinor, paymentToken }: ChargeRequest): ChargeResult {
    if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) return { ok: false, declineCode: 'invalid_amount', message: 'Your card was declined.' };
    if (paymentToken === 'tok_chargeDeclined') return { ok: false, declineCode: 'card_declined', message: 'Your card was declined.' };
    if (paymentToken === 'tok_insufficientFunds') return { ok: false, declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' };
    const paymentId = `pay_test_${createHash('sha256').update(orderId).digest('hex').slice(0, 24)}`;
    return { ok: true, paymentId, testMode: true };
  }
}
