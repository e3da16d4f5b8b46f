/** @jest-environment ./web/test/dom-environment.cjs */
import { EMAIL_INVALID_MESSAGE, FORM_FIELD_MESSAGES } from '@storefront/domain/forms/validation';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { fakeFetch } from '../../../test/fake-fetch';
import { AddToCartButton } from '../cart/add-to-cart-button';
import { ExtraFieldsLightbox, type ExtraFieldsForm } from './extra-fields-lightbox';
import { FORM_STRINGS } from './form-strings';

/** jsdom has no modal <dialog>: the browser spec runs the real one (inert page, Escape's close request). */
beforeAll(() => {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
});

const SIGNUP: ExtraFieldsForm = {
  id: 'form-class-signup',
  name: 'Class sign-up',
  submitButtonText: 'Book my seat',
  fields: [
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'experience', type: 'select', title: 'Experience', required: true, options: ['First time', 'Regular'] },
    { id: 'notes', type: 'textarea', title: 'Notes', maxLength: 10 },
    { id: 'source', type: 'hidden', title: 'Source', value: 'class-page' },
  ],
};

function open(props: Partial<Parameters<typeof ExtraFieldsLightbox>[0]> = {}) {
  const onSubmit = jest.fn();
  const onClose = jest.fn();
  const view = render(<ExtraFieldsLightbox form={SIGNUP} productTitle="Wheel Throwing Class" onSubmit={onSubmit} onClose={onClose} {...props} />);
  const dialog = view.container.querySelector('dialog')!;
  return { ...view, dialog, onSubmit, onClose };
}

const submitButton = () => screen.getByRole('button', { name: 'Book my seat' });
const closeButton = () => screen.getByRole('button', { name: FORM_STRINGS.close });

describe('the extra-fields lightbox', () => {
  it('opens modal with the form name, the product and the fields, focusing the first field', () => {
    const { dialog } = open();
    expect(dialog.open).toBe(true);
    expect(within(dialog).getByRole('heading', { name: 'Class sign-up' })).toBeTruthy();
    expect(dialog.getAttribute('aria-labelledby')).toBe(within(dialog).getByRole('heading').id);
    expect(within(dialog).getByText('Wheel Throwing Class')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
    expect(dialog.querySelectorAll('[data-field]')).toHaveLength(3); // no hidden field
  });

  it('submitting empty shows the forms\' messages, focuses the first field in error, and sends nothing', () => {
    const { dialog, onSubmit } = open();
    fireEvent.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('alert').textContent).toContain(FORM_STRINGS.FORM_INVALID);
    const errors = [...dialog.querySelectorAll('[data-field-error]')].map((e) => e.textContent);
    expect(errors).toEqual([FORM_FIELD_MESSAGES.REQUIRED, FORM_FIELD_MESSAGES.REQUIRED]);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
    fireEvent.input(screen.getByLabelText(/^Email/), { target: { value: 'ana@' } });
    fireEvent.input(screen.getByLabelText(/^Notes/), { target: { value: 'x'.repeat(11) } });
    fireEvent.click(submitButton());
    expect([...dialog.querySelectorAll('[data-field-error]')].map((e) => e.textContent)).toEqual([EMAIL_INVALID_MESSAGE, FORM_FIELD_MESSAGES.REQUIRED, FORM_FIELD_MESSAGES.TOO_LONG]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('valid answers go to onSubmit as the validated values keyed by field id (the hidden field as the owner set it)', () => {
    const { onSubmit, onClose } = open();
    fireEvent.input(screen.getByLabelText(/^Email/), { target: { value: ' ana@example.com ' } });
    fireEvent.change(screen.getByLabelText(/^Experience/), { target: { value: 'Regular' } });
    fireEvent.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ana@example.com', experience: 'Regular', notes: '', source: 'class-page' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Escape closes it; so does the close control (Enter and Space on a button click it), once each', () => {
    const first = open();
    fireEvent.keyDown(first.dialog, { key: 'Escape' });
    expect(first.dialog.open).toBe(false);
    expect(first.onClose).toHaveBeenCalledTimes(1);
    first.unmount();
    const second = open();
    closeButton().focus();
    fireEvent.click(closeButton());
    expect(second.onClose).toHaveBeenCalledTimes(1);
  });

  it('a click outside (on the backdrop, the dialog itself) closes it; a click inside, or a press that started inside, does not', () => {
    const { dialog, onClose } = open();
    const panel = dialog.querySelector('.extra-fields__panel')!;
    fireEvent.mouseDown(panel);
    fireEvent.click(panel);
    fireEvent.mouseDown(screen.getByLabelText(/^Email/));
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('traps focus: Tab from the last control goes to the first, Shift+Tab from the first to the last', () => {
    const { dialog } = open();
    const first = closeButton();
    const last = submitButton();
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});

describe('the add-to-cart button with an additional-fields form', () => {
  const ADD = 'POST /api/commerce/shopping-cart/entries';
  function show() {
    const api = fakeFetch({ [ADD]: { body: { shoppingCart: { totalQuantity: 1, entries: [] }, newlyAdded: { title: 'Class', quantity: 1 } } } });
    render(
      <Provider store={makeStore()}>
        <AddToCartButton
          itemId="p-throwing-class"
          label="Book a Seat"
          choose={() => ({ kind: 'add', sku: 'CLASS-SAT', quantity: 2 })}
          askExtraFields={(props) => <ExtraFieldsLightbox form={SIGNUP} onSubmit={props.onSubmit} onClose={props.onClose} />}
        />
      </Provider>,
    );
    return api;
  }
  const addButton = () => screen.getByRole('button', { name: 'Book a Seat' });

  it('asks first; closing sends nothing and gives the focus back to the button', async () => {
    const api = show();
    expect(addButton().getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(addButton());
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(addButton());
    await act(async () => undefined);
    expect(api.calls).toHaveLength(0);
  });

  it('valid answers: the lightbox closes, focus returns, and the add goes out with them as additionalFields', async () => {
    const api = show();
    fireEvent.click(addButton());
    fireEvent.input(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Experience/), { target: { value: 'First time' } });
    fireEvent.click(submitButton());
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Book a Seat|Adding…/ }));
    await act(async () => undefined);
    expect(api.calls.map((c) => c.body)).toEqual([
      { itemId: 'p-throwing-class', sku: 'CLASS-SAT', quantity: 2, additionalFields: { email: 'ana@example.com', experience: 'First time', notes: '', source: 'class-page' } },
    ]);
  });
});
