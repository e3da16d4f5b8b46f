/** @jest-environment ./web/test/dom-environment.cjs */
import { RESTOCK_ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ProductData, ProductVariantData } from '../product/product-data';
import { restockFailureMessage, type RestockSignUpOutcome, type RestockSignUpPayload } from './restock-calls';
import { RestockIsland, restockVariant, type RestockIslandProps, type RestockView } from './restock-island';

const views: RestockView[] = [{ variantId: 'v-bowl', sku: 'BOWL-L', hiddenByDefault: false }];
const texts = { title: 'Get notified', label: 'Email address', placeholder: 'Your Email', button: 'Sign Up', mailingList: 'Subscribe to our mailing list' };
const variant = (sku: string, qtyInStock: number, attributes: Record<string, string> = {}): ProductVariantData => ({
  sku, attributes, price: 100, salePrice: 0, onSale: false, qtyInStock, unlimited: false, image: null,
});

function renderIsland(props: Partial<RestockIslandProps> = {}) {
  const calls: RestockSignUpPayload[] = [];
  let answer: RestockSignUpOutcome = { ok: true };
  const submit = async (payload: RestockSignUpPayload) => {
    calls.push(payload);
    return answer;
  };
  const shown: boolean[] = [];
  const view = render(
    <RestockIsland
      productId="p-bowl" product={null} views={views} texts={texts} optInDefault successText="Signed up!" botCheckMethod="none" language="fr-CA"
      onShown={(s) => shown.push(s)} submit={submit} {...props}
    />,
  );
  return { ...view, calls, shown, answer: (a: RestockSignUpOutcome) => (answer = a) };
}

const email = () => screen.getByLabelText('Email address') as HTMLInputElement;
const send = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  });
};

describe('the restock island', () => {
  it("checks the email with the server's words before sending anything", async () => {
    const { calls } = renderIsland();
    await send();
    expect(screen.getByRole('alert').textContent).toBe('Email cannot be blank');
    expect(email().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email(), { target: { value: 'ada@' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await send();
    expect(screen.getByRole('alert').textContent).toBe('Email is invalid');
    expect(calls).toEqual([]);
  });

  it('sends the payload with the page language and the box as ticked, then shows the success text in place of the form', async () => {
    const { calls } = renderIsland();
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(email(), { target: { value: ' Ada@Example.com ' } });
    await send();
    expect(calls).toEqual([{ isJoinMailingList: true, productId: 'p-bowl', variantId: 'v-bowl', siteVisitorEmail: 'Ada@Example.com', language: 'fr-CA' }]);
    expect(screen.getByRole('status').textContent).toBe('Signed up!');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('sends isJoinMailingList false when the box is unticked, or when there is no box', async () => {
    const first = renderIsland({ successText: 'Thanks, we will write.' });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.change(email(), { target: { value: 'bob@example.com' } });
    await send();
    expect(first.calls[0]).toMatchObject({ isJoinMailingList: false });
    expect(screen.getByRole('status').textContent).toBe('Thanks, we will write.');
    first.unmount();
    const second = renderIsland({ texts: { ...texts, mailingList: null }, optInDefault: true, language: null });
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.change(email(), { target: { value: 'cy@example.com' } });
    await send();
    expect(second.calls[0]).toEqual({ isJoinMailingList: false, productId: 'p-bowl', variantId: 'v-bowl', siteVisitorEmail: 'cy@example.com' });
  });

  it("shows the server's message on failure, keeps the form, and sends again", async () => {
    const island = renderIsland();
    island.answer({ ok: false, message: 'Complete CAPTCHA before submitting.' });
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    await send();
    expect(screen.getByRole('alert').textContent).toBe('Complete CAPTCHA before submitting.');
    island.answer({ ok: true });
    await send();
    expect(island.calls).toHaveLength(2);
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it("words a failure without a message as SPEC 8's", () => {
    expect(restockFailureMessage({ message: 'Email is invalid' })).toBe('Email is invalid');
    expect(restockFailureMessage({ message: '' })).toBe(RESTOCK_ERROR_MESSAGES.RESTOCK_SUBMIT_FAILED);
    expect(restockFailureMessage(null)).toBe('Unable to submit form. Please try again later.');
  });

  it('is shown only for a chosen variant that is sold out and offers it', () => {
    const product = { variants: [variant('S', 0, { Size: 'S' }), variant('L', 4, { Size: 'L' }), variant('M', 0, { Size: 'M' })], optionNames: ['Size'] } as unknown as ProductData;
    const two: RestockView[] = [{ variantId: 'v-s', sku: 'S', hiddenByDefault: true }, { variantId: 'v-l', sku: 'L', hiddenByDefault: true }];
    expect(restockVariant(two, product, null)).toBeNull();
    expect(restockVariant(two, product, product.variants[0]!)).toBe('v-s');
    expect(restockVariant(two, product, product.variants[1]!)).toBeNull();
    expect(restockVariant(two, product, product.variants[2]!)).toBeNull();
    const single = { variants: [variant('BOWL-L', 0)], optionNames: [] } as unknown as ProductData;
    expect(restockVariant(views, single, null)).toBe('v-bowl');
    expect(restockVariant(views, single, single.variants[0]!)).toBe('v-bowl');
  });

  it('hides itself when the chosen variant is in stock', () => {
    const product = { variants: [variant('BOWL-L', 2)], optionNames: [] } as unknown as ProductData;
    const { shown, container } = renderIsland({ product, useChosenVariant: (p) => p.variants[0]! });
    expect(container.textContent).toBe('');
    expect(shown.at(-1)).toBe(false);
  });
});
