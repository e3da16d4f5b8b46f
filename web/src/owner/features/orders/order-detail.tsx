import { shippingAddressLines } from '@storefront/domain/checkout/shipping-address';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { useGetSiteSummaryQuery } from '../../shell/session-api';
import { useConfirm } from '../../ui/confirm-dialog';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { dateTime, itemCount, money, orderLabel } from './order-format';
import { useCancelOrderMutation, useFulfilOrderMutation, useGetOrderQuery, type OwnerOrderView } from './orders-api';
import { StatusBadge, SubscriptionMark, subscriptionPlanText, TestModeMark } from './status-badge';
import { SUBSCRIPTION_STRINGS } from '@storefront/domain/shared/commerce-strings';
import './orders.css';

/** The longest cancel reason the server keeps. */
const REASON_MAX_LENGTH = 500;

type Notice = { kind: 'success' | 'error'; text: string };

/** /config/orders/:orderId: what was bought, by whom, how it was paid, where it got to; fulfil or cancel it. */
export function OrderDetail() {
  const { orderId = '' } = useParams();
  const order = useGetOrderQuery(orderId);
  const { data: site } = useGetSiteSummaryQuery();

  if (order.isLoading) return <Loading what="the order" />;
  if (order.isError || !order.data) {
    const missing = (order.error as { status?: unknown } | undefined)?.status === 404;
    return (
      <>
        <BackLink />
        <PageHeader title={missing ? 'Order not found' : 'Order'} />
        <Alert>{missing ? 'There is no order with this id. It may have been typed wrong.' : errorMessage(order.error, 'Unable to load the order. Please reload the page and try again.')}</Alert>
      </>
    );
  }
  return <OrderPage order={order.data} timeZone={site?.website.timeZone} />;
}

function BackLink() {
  return (
    <Link to="/orders" className="order-back">
      ← All orders
    </Link>
  );
}

function OrderPage({ order, timeZone }: { order: OwnerOrderView; timeZone?: string }) {
  const { confirm } = useConfirm();
  const [fulfil, fulfilling] = useFulfilOrderMutation();
  const [cancel, cancelling] = useCancelOrderMutation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const label = orderLabel(order);
  const busy = fulfilling.isLoading || cancelling.isLoading;

  const onFulfil = async () => {
    const confirmed = await confirm({
      title: `Fulfil order ${label}?`,
      message: `Mark this order fulfilled once it is on its way to ${order.customerEmail}. A fulfilled order can no longer be cancelled.`,
      confirmLabel: 'Fulfil order',
      cancelLabel: 'Not yet',
    });
    if (!confirmed) return;
    setNotice(null);
    try {
      await fulfil(order.id).unwrap();
      setNotice({ kind: 'success', text: `Order ${label} is fulfilled.` });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, 'Unable to fulfil the order. Please try again.') });
    }
  };

  const onCancel = async () => {
    const reason = { current: '' };
    const confirmed = await confirm({
      title: `Cancel order ${label}?`,
      message: <CancelMessage order={order} onReason={(text) => (reason.current = text)} />,
      confirmLabel: 'Cancel order',
      cancelLabel: 'Keep order',
      danger: true,
    });
    if (!confirmed) return;
    setNotice(null);
    try {
      await cancel({ id: order.id, reason: reason.current }).unwrap();
      setNotice({ kind: 'success', text: `Order ${label} is cancelled. Its payment was refunded and its items are back in stock.` });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, 'Unable to cancel the order. Please try again.') });
    }
  };

  const plan = subscriptionPlanText(order);
  return (
    <>
      <BackLink />
      <PageHeader
        title={
          <span className="order-title">
            Order {label} <StatusBadge status={order.fulfillmentStatus} />
            {order.testMode && <TestModeMark />}
            <SubscriptionMark order={order} />
          </span>
        }
        subtitle={`Placed ${dateTime(order.createdOn, timeZone)} · ${itemCount(order)} · ${money(order.grandTotal)}`}
        actions={
          order.fulfillmentStatus === 'PENDING' ? (
            <>
              <button type="button" className="ow-button ow-primary" disabled={busy} onClick={() => void onFulfil()}>
                {fulfilling.isLoading ? 'Fulfilling…' : 'Fulfil order'}
              </button>
              <button type="button" className="ow-button" disabled={busy} onClick={() => void onCancel()}>
                {cancelling.isLoading ? 'Cancelling…' : 'Cancel order'}
              </button>
            </>
          ) : undefined
        }
      />
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <div className="order-layout">
        <section className="ow-panel-box" aria-labelledby="order-items">
          <h2 id="order-items">Items</h2>
          <table className="order-lines">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="ow-num">
                  Quantity
                </th>
                <th scope="col" className="ow-num">
                  Price
                </th>
                <th scope="col" className="ow-num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((line, index) => (
                <tr key={index}>
                  <td>
                    <span className="order-line-name">{line.productName}</span>
                    <span className="order-line-meta">
                      {[...Object.entries(line.attributes).map(([name, value]) => `${name}: ${value}`), `SKU ${line.sku}`].join(' · ')}
                    </span>
                    {(line.additionalFields ?? []).length > 0 && (
                      <ul className="order-line-fields">
                        {(line.additionalFields ?? []).map((f, i) => (
                          <li key={i}>
                            <span className="order-line-field-label">{f.caption}</span> {f.value}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="ow-num">{line.quantity}</td>
                  <td className="ow-num">{money(line.unitPrice)}</td>
                  <td className="ow-num">{money(line.lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="order-totals">
            <dt>Subtotal</dt>
            <dd>{money(order.subtotal)}</dd>
            {order.discountTotal.value !== '0' && (
              <>
                <dt>Discount</dt>
                <dd>−{money(order.discountTotal)}</dd>
              </>
            )}
            <dt>Shipping</dt>
            <dd>{money(order.shippingTotal)}</dd>
            <dt>Tax</dt>
            <dd>{money(order.taxTotal)}</dd>
            <dt className="order-total">Total</dt>
            <dd className="order-total">{money(order.grandTotal)}</dd>
          </dl>
        </section>
        <div>
          <section className="ow-panel-box" aria-labelledby="order-customer">
            <h2 id="order-customer">Customer</h2>
            <dl className="order-facts">
              <div>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>
                </dd>
              </div>
              <div>
                <dt>Ship to</dt>
                <dd>
                  {order.shippingAddress ? (
                    <address className="order-address">
                      {shippingAddressLines(order.shippingAddress).map((line, i) => (
                        <span key={i}>{line}</span>
                      ))}
                    </address>
                  ) : (
                    'Nothing to ship'
                  )}
                </dd>
              </div>
            </dl>
          </section>
          <section className="ow-panel-box" aria-labelledby="order-payment">
            <h2 id="order-payment">Payment</h2>
            <dl className="order-facts">
              <div>
                <dt>Paid</dt>
                <dd>
                  {money(order.grandTotal)} {order.testMode ? 'in test mode: no real money moved' : ''}
                </dd>
              </div>
              {plan && (
                <div>
                  <dt>{SUBSCRIPTION_STRINGS.badge}</dt>
                  <dd>{plan}</dd>
                </div>
              )}
              <div>
                <dt>Payment reference</dt>
                <dd className="order-code">{order.payment.paymentId || '—'}</dd>
              </div>
              <div>
                <dt>Provider</dt>
                <dd>{order.payment.provider === 'test' ? 'Test payments' : order.payment.provider}</dd>
              </div>
              <div>
                <dt>Order id</dt>
                <dd className="order-code">{order.id}</dd>
              </div>
            </dl>
          </section>
          <section className="ow-panel-box" aria-labelledby="order-history">
            <h2 id="order-history">History</h2>
            <ol className="order-timeline">
              <li>
                <strong>Placed</strong>
                <span>{dateTime(order.createdOn, timeZone)}</span>
              </li>
              {order.fulfilledOn && (
                <li>
                  <strong>Fulfilled</strong>
                  <span>{dateTime(order.fulfilledOn, timeZone)}</span>
                </li>
              )}
              {order.cancelledOn && (
                <li>
                  <strong>Cancelled</strong>
                  <span>{dateTime(order.cancelledOn, timeZone)}</span>
                  <span>{order.cancelReason ? `Reason: ${order.cancelReason}` : 'No reason given'}</span>
                </li>
              )}
            </ol>
          </section>
        </div>
      </div>
    </>
  );
}

/** What cancelling does, and the optional reason the store keeps (the customer does not see it). */
function CancelMessage({ order, onReason }: { order: OwnerOrderView; onReason: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  return (
    <>
      <p>Its payment of {money(order.grandTotal)} is refunded and its items go back into stock. This cannot be undone.</p>
      <div className="order-reason-field">
        <label htmlFor={id}>Reason (optional)</label>
        <textarea
          id={id}
          value={text}
          maxLength={REASON_MAX_LENGTH}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setText(e.target.value);
            onReason(e.target.value);
          }}
        />
        <span id={`${id}-hint`} className="ow-hint">
          For your records; the customer does not see it.
        </span>
      </div>
    </>
  );
}
