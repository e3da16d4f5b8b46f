import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@storefront/eventstore';
import { ERROR_MESSAGES } from '@storefront/domain';
import { createHash } from 'node:crypto';
import { DATABASE } from '../../infrastructure/database/tokens';
import type { AuthorizeRequest, AuthorizeResult, PaymentProvider } from './payment-provider';

export type TestPaymentStatus = 'authorized' | 'declined' | 'captured' | 'voided' | 'refunded';

type LedgerRow = { status: TestPaymentStatus; payment_id: string | null; decline_code: string | null };

/**
 * A stand-in for a card processor in test mode (it is a fake: no money moves, and every order it
 * pays for carries `testMode: true`). Tokens follow the usual test-card convention:
 *   `tok_chargeDeclined` → declined ('Your card was declined.'), `tok_insufficientFunds` →
 *   declined for funds; any other non-empty token → authorized.
 * Its ledger is a database table (`test_payment_ledger`), as a real provider keeps its own
 * records: a checkout begun by one process and recovered by another after a crash meets the same
 * payment, and tests can check that a payment was voided or captured exactly once.
 */
@Injectable()
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    const decided = this.decide(request);
    // One round trip: the row this call inserted, or (a retried authorization, or a void that came
    // first) the one the ledger already holds for this key, which is then the answer.
    const { rows } = await this.db.query<LedgerRow>(
      `WITH inserted AS (
         INSERT INTO test_payment_ledger (payment_key, payment_id, status, amount_minor, currency, decline_code)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (payment_key) DO NOTHING
         RETURNING status, payment_id, decline_code)
       SELECT status, payment_id, decline_code FROM inserted
       UNION ALL
       SELECT status, payment_id, decline_code FROM test_payment_ledger WHERE payment_key = $1 AND NOT EXISTS (SELECT 1 FROM inserted)`,
      [request.key, decided.ok ? decided.paymentId : null, decided.ok ? 'authorized' : 'declined', Math.max(0, Math.trunc(request.amountMinor) || 0), request.currency, decided.ok ? null : decided.declineCode],
    );
    // A row another transaction committed after this statement began is not in its snapshot: look again.
    const row = rows[0] ?? (await this.row(request.key));
    if (!row) throw new Error(`test payment ${request.key} vanished`);
    if (row.status === 'declined') return { ok: false, declineCode: row.decline_code ?? 'card_declined', message: declineMessage(row.decline_code) };
    if (row.status === 'voided' && !row.payment_id) return { ok: false, declineCode: 'authorization_voided', message: ERROR_MESSAGES.PAYMENT_DECLINED };
    return { ok: true, paymentId: row.payment_id!, testMode: true };
  }

  async capture(key: string): Promise<void> {
    // One round trip: the ledger's status after the capture (captured now, or already before).
    const { rows } = await this.db.query<{ status: TestPaymentStatus }>(
      `WITH captured AS (
         UPDATE test_payment_ledger SET status = 'captured', updated_at = now() WHERE payment_key = $1 AND status = 'authorized' RETURNING status)
       SELECT status FROM captured
       UNION ALL
       SELECT status FROM test_payment_ledger WHERE payment_key = $1 AND NOT EXISTS (SELECT 1 FROM captured)`,
      [key],
    );
    const status = rows[0]?.status ?? (await this.row(key))?.status;
    if (status !== 'captured' && status !== 'refunded') throw new Error(`test payment ${key} cannot be captured (${status ?? 'never authorized'})`);
  }

  async void(key: string): Promise<void> {
    // A void before any authorization leaves a tombstone, so a late authorization for this key fails.
    await this.db.query(
      `INSERT INTO test_payment_ledger (payment_key, payment_id, status, amount_minor, currency) VALUES ($1, NULL, 'voided', 0, '')
       ON CONFLICT (payment_key) DO UPDATE SET status = 'voided', updated_at = now() WHERE test_payment_ledger.status = 'authorized'`,
      [key],
    );
  }

  async refund(key: string): Promise<void> {
    await this.db.query(
      `UPDATE test_payment_ledger SET status = CASE status WHEN 'captured' THEN 'refunded' ELSE 'voided' END, updated_at = now()
        WHERE payment_key = $1 AND status IN ('captured', 'authorized')`,
      [key],
    );
  }

  /** The ledger's record of a payment (for tests and diagnostics). */
  async status(key: string): Promise<TestPaymentStatus | null> {
    return (await this.row(key))?.status ?? null;
  }

  private async row(key: string) {
    const { rows } = await this.db.query<LedgerRow>(
      'SELECT status, payment_id, decline_code FROM test_payment_ledger WHERE payment_key = $1',
      [key],
    );
    return rows[0] ?? null;
  }

  private decide({ key, amountMinor, paymentToken }: AuthorizeRequest): AuthorizeResult {
    if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) return { ok: false, declineCode: 'invalid_amount', message: ERROR_MESSAGES.PAYMENT_DECLINED };
    if (paymentToken === 'tok_chargeDeclined') return { ok: false, declineCode: 'card_declined', message: ERROR_MESSAGES.PAYMENT_DECLINED };
    if (paymentToken === 'tok_insufficientFunds') return { ok: false, declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' };
    return { ok: true, paymentId: `pay_test_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`, testMode: true };
  }
}

function declineMessage(code: string | null): string {
  return code === 'insufficient_funds' ? 'Your card has insufficient funds.' : ERROR_MESSAGES.PAYMENT_DECLINED;
}
