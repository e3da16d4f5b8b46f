/**
 * The extra-fields lightbox (issue 14, SPEC 2 'Modal lightbox: holds the extra-fields form'): a
 * product's additional-fields form, asked in a modal <dialog> before the add to cart. The fields
 * are the form island's (`FormFieldView`, the same reducer), checked by the domain's one
 * validation with the forms' messages; valid answers go to `onSubmit` (the add sends them as
 * `additionalFields`). Escape, Enter or Space on the close control, and a click outside close it
 * (`onClose`); focus stays inside while it is open (the page behind is inert, Tab goes round);
 * the caller puts focus back on the add button. A chunk of its own, loaded only by a page with
 * such a product.
 */
import type { FormField, FormValues } from '@storefront/domain/forms/fields';
import { validateFormValues } from '@storefront/domain/forms/validation';
import { useEffect, useLayoutEffect, useReducer, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { FormFieldView } from './form-fields';
import { formIslandReducer, initialFormIslandState } from './form-state';
import { FORM_STRINGS } from './form-strings';
import './forms.css';
import './extra-fields-lightbox.css';

/** What the lightbox needs of the product's form (the theme's `ExtraFieldsForm`). */
export type ExtraFieldsForm = { id: string; name?: string; fields: FormField[]; submitButtonText?: string };

export type ExtraFieldsLightboxProps = {
  form: ExtraFieldsForm;
  /** The product the answers are for, shown under the form's name. */
  productTitle?: string;
  /** The validated answers, keyed by field id. */
  onSubmit(values: FormValues): void;
  onClose(): void;
};

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

const hiddenValues = (form: ExtraFieldsForm): FormValues => Object.fromEntries(form.fields.flatMap((f) => (f.type === 'hidden' ? [[f.id, f.value ?? '']] : [])));

let lightboxCount = 0;

export function ExtraFieldsLightbox({ form, productTitle, onSubmit, onClose }: ExtraFieldsLightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const [prefix] = useState(() => `extra-fields-${++lightboxCount}`);
  const [state, dispatch] = useReducer(formIslandReducer, undefined, () => initialFormIslandState(hiddenValues(form)));
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  // The caller hears of a close once, at once (the dialog's own close event comes a task later,
  // and a key pressed in between must find the button free again).
  const closed = useRef(false);
  const finish = () => {
    if (closed.current) return;
    closed.current = true;
    onCloseRef.current();
  };

  // Modal in the same commit that renders it (a layout effect: with a passive one a click in the
  // moment before showModal went to the page behind). The first field takes the focus.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    element.querySelector<HTMLElement>('.extra-fields__form input, .extra-fields__form select, .extra-fields__form textarea')?.focus();
    // A close the browser makes itself (a close request the keydown did not see).
    const onNativeClose = () => finish();
    element.addEventListener('close', onNativeClose);
    return () => {
      element.removeEventListener('close', onNativeClose);
      if (element.open) element.close();
    };
  }, []);

  // Escape, the close control and a click outside: the dialog closes and the caller hears of it once.
  const close = () => {
    if (dialog.current?.open) dialog.current.close();
    finish();
  };

  // After each failed check the first field in error takes the focus, else the message.
  useEffect(() => {
    if (state.failures === 0) return;
    const first = form.fields.find((f) => state.errors[f.id]);
    const box = first ? [...(dialog.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [])].find((e) => e.dataset.field === first.id) : undefined;
    (box?.querySelector<HTMLElement>('input, select, textarea') ?? alertRef.current)?.focus();
    // Only on a new failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.failures]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.phase !== 'editing') return;
    dispatch({ type: 'submitted' });
    const checked = validateFormValues(form, state.values);
    if (!checked.ok) {
      dispatch({ type: 'failed', problem: FORM_STRINGS.FORM_INVALID, errors: checked.errors });
      return;
    }
    onSubmit(checked.values);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      // Focus goes round the dialog's controls, never to the page behind or the browser.
      const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((c) => !c.closest('[hidden]'));
      if (controls.length === 0) return;
      const first = controls[0]!;
      const last = controls[controls.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  // A click on the dialog itself is a click on the backdrop around the panel (the panel fills the
  // dialog box); a press that started inside (selecting text, then letting go outside) is not.
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && pressedOnBackdrop.current) close();
    pressedOnBackdrop.current = false;
  };

  const titleId = `${prefix}-title`;
  const problem = state.problem;
  return (
    <dialog ref={dialog} className="extra-fields" aria-labelledby={titleId} onKeyDown={onKeyDown} onMouseDown={onMouseDown} onClick={onClick}>
      <div className="extra-fields__panel">
        <div className="extra-fields__header">
          <div>
            <h2 className="extra-fields__title" id={titleId}>
              {form.name || productTitle}
            </h2>
            {productTitle && form.name ? <p className="extra-fields__product">{productTitle}</p> : null}
          </div>
          <button type="button" className="extra-fields__close" aria-label={FORM_STRINGS.close} onClick={close}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <form className="extra-fields__form" noValidate onSubmit={submit}>
          <p className="form-block__note">
            Fields marked <span aria-hidden="true">*</span>
            <span className="visually-hidden">required</span> {FORM_STRINGS.requiredNote}
          </p>
          <div className="form-island__alert" role="alert" tabIndex={-1} ref={alertRef} data-form-problem="above">
            {problem ? <strong>{problem}</strong> : null}
          </div>
          <fieldset className="form-island__fields">
            {form.fields.map((field) => (
              <FormFieldView
                key={field.id}
                field={field}
                prefix={prefix}
                value={state.values[field.id]}
                error={state.errors[field.id]}
                onChange={(value) => dispatch({ type: 'changed', fieldId: field.id, value })}
              />
            ))}
          </fieldset>
          <div className="extra-fields__actions">
            <button className="button button--block" type="submit">
              {form.submitButtonText || FORM_STRINGS.submit}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}

export default ExtraFieldsLightbox;
