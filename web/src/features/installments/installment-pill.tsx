import { installmentMessage, installmentStrings, INSTALLMENT_PAYMENTS, type InstallmentContext, type InstallmentLocale } from '@storefront/domain/catalog/installments';
import { unitPriceMinor } from '@storefront/domain/catalog/price-display';
import { useState } from 'react';
import { InstallmentDialog } from './installment-dialog';

export type InstallmentPillProps = {
  context: InstallmentContext;
  /** The order amount the pill speaks of (minor units): the chosen variant's price times the quantity. */
  amountMinor: number;
  locale?: string;
};

/**
 * SPEC 4 'Installment pill': 'or 4 interest-free payments of $9.50 with Afterpay' in range, else
 * where the range is ('… available for orders up to $1,000.00' / '… over $35.00'), with an info
 * button that opens the provider's explanation in a modal.
 */
export function InstallmentPill({ context, amountMinor, locale }: InstallmentPillProps) {
  const [open, setOpen] = useState(false);
  const message = installmentMessage(context, amountMinor, locale);
  if (!message) return null;
  const strings = installmentStrings(message.locale);
  const fill = (text: string) => text.replace('{provider}', message.provider).replace('{count}', String(INSTALLMENT_PAYMENTS));
  return (
    <>
      <p className="installment-pill__text">{message.text}</p>
      <button className="installment-pill__info" type="button" aria-label={fill(strings.learnMore)} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        i
      </button>
      {open && <InstallmentDialog locale={message.locale as InstallmentLocale} title={fill(strings.dialogTitle)} summary={message.text} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The amount for the pill: the chosen variant's unit price (else the lowest) times the quantity typed, when it is a whole number from 1. */
export function installmentAmount(variants: { price: number; salePrice: number; onSale: boolean }[], chosen: { price: number; salePrice: number; onSale: boolean } | null, quantity: string): number {
  const unit = chosen ? unitPriceMinor(chosen) : variants.length > 0 ? Math.min(...variants.map(unitPriceMinor)) : 0;
  const count = /^[1-9][0-9]{0,3}$/.test(quantity.trim()) ? Number(quantity) : 1;
  return unit * count;
}
