/** @jest-environment ./web/test/dom-environment.cjs */
import { takeHeldSubmit } from '../features/forms/form-island';
import { whenInteracted } from './lazy-island';

/** A server-rendered newsletter form, as the footer prints it on the cart page. */
function footerForm(): HTMLFormElement {
  document.body.innerHTML = '<form data-island="newsletter" data-load="interaction" method="post" novalidate><input type="email" name="email"><button type="submit">Sign up</button></form>';
  return document.querySelector('form')!;
}

describe('whenInteracted (an island loaded once the visitor uses it)', () => {
  it('starts nothing until the visitor uses the element, then starts once', () => {
    const form = footerForm();
    const start = jest.fn();
    whenInteracted(form, start);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(start).not.toHaveBeenCalled();
    form.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    form.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    form.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('holds a submit that comes before the island (never posted to the page), and the island submits it once it listens', () => {
    const form = footerForm();
    const start = jest.fn();
    whenInteracted(form, start);
    const posted = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(posted);
    expect(posted.defaultPrevented).toBe(true);
    expect(start).toHaveBeenCalledTimes(1);
    expect(form.dataset.submitPending).toBe('true');

    // The island has mounted and listens to the form's submit.
    const islandSubmits = jest.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', islandSubmits);
    form.requestSubmit = jest.fn(() => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    takeHeldSubmit(form);
    expect(form.requestSubmit).toHaveBeenCalledTimes(1);
    expect(islandSubmits).toHaveBeenCalledTimes(1);
    expect(form.dataset.submitPending).toBeUndefined();

    // From now on submits are the island's alone: no second hold, no second resubmit.
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(islandSubmits).toHaveBeenCalledTimes(2);
    expect(form.dataset.submitPending).toBeUndefined();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('an island mounted without a held submit submits nothing', () => {
    const form = footerForm();
    form.requestSubmit = jest.fn();
    whenInteracted(form, jest.fn());
    form.dispatchEvent(new Event('focusin', { bubbles: true }));
    takeHeldSubmit(form);
    expect(form.requestSubmit).not.toHaveBeenCalled();
    expect(form.dataset.islandReady).toBe('true');
  });
});
