/** @jest-environment ./web/test/dom-environment.cjs */
import { installmentContext } from '@storefront/domain/catalog/installments';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { fakeFetch } from '../../../test/fake-fetch';
import { installmentAmount, InstallmentPill } from './installment-pill';

/** SPEC 4 'Installment pill' and 'Modal'; SPEC 8: a failed info fetch only logs a warning. */
const US = installmentContext(1, 'USD', 'en-US')!;
const INFO = 'GET /static/installments/en_US.json';
/** Lets the info's fake fetch land: the clock is a fake one, no time passes. */
const settle = () => act(() => jest.advanceTimersByTimeAsync(0));

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('InstallmentPill', () => {
  it.each([
    [3800, 'or 4 interest-free payments of $9.50 with Afterpay'],
    [2800, 'Afterpay available for orders over $35.00'],
    [200000, 'Afterpay available for orders up to $1,000.00'],
  ])('%p minor units: %p', (amount, text) => {
    render(<InstallmentPill context={US} amountMinor={amount} locale="en-US" />);
    expect(document.querySelector('.installment-pill__text')!.textContent).toBe(text);
    expect(screen.getByRole('button', { name: 'Learn more about Afterpay' })).toBeTruthy();
  });

  it('opens its info in a modal with our content; Escape closes it and focus returns', async () => {
    const { calls } = fakeFetch({ [INFO]: { body: { title: 'Pay in 4 with Afterpay', paragraphs: ['Four payments, every two weeks.'] } } });
    render(<InstallmentPill context={US} amountMinor={3800} locale="en-US" />);
    const info = screen.getByRole('button', { name: 'Learn more about Afterpay' });
    info.focus();
    fireEvent.click(info);
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Pay in 4 with Afterpay' });
    expect(dialog.textContent).toContain('or 4 interest-free payments of $9.50 with Afterpay');
    expect(dialog.textContent).toContain('Four payments, every two weeks.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Dismiss' }));
    expect(calls.map((c) => c.path)).toEqual(['/static/installments/en_US.json']);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(info);
  });

  it('closes by its close button and by a click outside, not by a click inside', async () => {
    fakeFetch({ [INFO]: { body: { title: 'Pay in 4 with Afterpay', paragraphs: [] } } });
    render(<InstallmentPill context={US} amountMinor={3800} locale="en-US" />);
    fireEvent.click(screen.getByRole('button', { name: 'Learn more about Afterpay' }));
    await settle();
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    fireEvent.click(document.querySelector('.modal')!);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Learn more about Afterpay' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed info fetch only logs a warning: the modal shows the pill text', async () => {
    fakeFetch({ 'GET /static/installments/en_GB.json': { status: 503, body: {} } });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<InstallmentPill context={installmentContext(1, 'GBP', 'en-GB')!} amountMinor={4000} locale="en-GB" />);
    fireEvent.click(screen.getByRole('button', { name: 'Learn more about Clearpay' }));
    await settle();
    expect(warn).toHaveBeenCalledWith('Installment info for en_GB could not be loaded: status 503');
    const dialog = screen.getByRole('dialog', { name: 'Pay in 4 with Clearpay' });
    expect(dialog.textContent).toContain('or 4 interest-free payments of £10.00 with Clearpay');
  });
});

describe('installmentAmount', () => {
  const variants = [
    { price: 3400, salePrice: 2900, onSale: true },
    { price: 3800, salePrice: 0, onSale: false },
  ];
  it('the chosen variant times a whole quantity, else the lowest price once', () => {
    expect(installmentAmount(variants, null, '1')).toBe(2900);
    expect(installmentAmount(variants, variants[1]!, '3')).toBe(11400);
    expect(installmentAmount(variants, variants[1]!, '1.5')).toBe(3800);
    expect(installmentAmount(variants, variants[1]!, '')).toBe(3800);
  });
});
