import { CheckoutReceipts, RECEIPT_COOKIE, RECEIPT_SECONDS } from './checkout-receipt';
import { ServerSecrets } from '../infrastructure/server-secrets';
import type { AppRequest } from '../infrastructure/http/request-context';
import type { AppConfig } from '../config/app-config';

const ORDER = '3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b';

describe('checkout receipts', () => {
  const receipts = new CheckoutReceipts(new ServerSecrets(Buffer.alloc(32, 7)), { secureCookies: false } as AppConfig);
  const req = (value: string | undefined) => ({ cookies: value === undefined ? {} : { [RECEIPT_COOKIE]: value } }) as unknown as AppRequest;
  const now = Date.UTC(2026, 10, 25, 2, 0, 0);

  it('names the order it was made for until it expires, then nothing', () => {
    const value = receipts.valueFor(ORDER, now);
    expect(receipts.orderId(req(value), now)).toBe(ORDER);
    expect(receipts.orderId(req(value), now + (RECEIPT_SECONDS - 1) * 1000)).toBe(ORDER);
    expect(receipts.orderId(req(value), now + RECEIPT_SECONDS * 1000)).toBeNull();
  });

  it('is nothing when missing, malformed, or made by another server secret', () => {
    const other = new CheckoutReceipts(new ServerSecrets(Buffer.alloc(32, 8)), { secureCookies: false } as AppConfig);
    expect(receipts.orderId(req(undefined), now)).toBeNull();
    expect(receipts.orderId(req(''), now)).toBeNull();
    expect(receipts.orderId(req(`${ORDER}.${'9'.repeat(13)}.${'A'.repeat(43)}`), now)).toBeNull();
    expect(receipts.orderId(req(other.valueFor(ORDER, now)), now)).toBeNull();
  });
});
