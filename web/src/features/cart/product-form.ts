/**
 * Reading a server-rendered product form (the engine's `variants-select` and `quantity-input`
 * markup): the variant the visitor chose and the quantity they typed. Pure over the DOM passed in.
 */
export type FormVariant = { sku: string; attributes: Record<string, string> };

export type ProductFormChoice = { kind: 'chosen'; sku: string; quantity: number } | { kind: 'incomplete' };

/** The variant whose attributes match every chosen option, or incomplete when an option is unset. */
export function readProductForm(form: Element | null, variants: FormVariant[]): ProductFormChoice {
  if (!form) return { kind: 'incomplete' };
  const chosen: Record<string, string> = {};
  for (const select of form.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]')) {
    if (!select.value) return { kind: 'incomplete' };
    chosen[select.dataset.variantOptionName!] = select.value;
  }
  const variant = variants.find((v) => Object.entries(chosen).every(([name, value]) => v.attributes[name] === value) && Object.keys(v.attributes).length === Object.keys(chosen).length);
  if (!variant) return { kind: 'incomplete' };
  const input = form.querySelector<HTMLInputElement>('.product-quantity-input input');
  const quantity = input && input.value !== '' ? Number(input.value) : 1;
  return { kind: 'chosen', sku: variant.sku, quantity };
}

export function variantsOf(form: Element | null): FormVariant[] {
  const raw = form?.querySelector<HTMLElement>('[data-variants]')?.dataset.variants;
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as FormVariant[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
