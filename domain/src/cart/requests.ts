import * as z from 'zod/mini';
import { problem } from '../shared/requests';
import { parseAdditionalFields } from './additional-fields';
import { parseQuantity } from './quantity';

/**
 * SPEC 7 POST /api/commerce/shopping-cart/entries `{ itemId, sku, quantity, additionalFields }` as
 * the browser checks it before sending: the quantity and the additional fields by the same rules
 * (and with the same SPEC messages) the cart's `decide` applies to them. The API leaves these
 * checks to `decide`, which makes them only after a closed cart has been refused (SPEC 8 order).
 */
export const AddToCartRequest = z.object({
  itemId: z.string(),
  sku: z.optional(z.string()),
  quantity: z.pipe(
    z.custom<number | string>((q) => parseQuantity(q).ok, problem((_f, q) => {
      const parsed = parseQuantity(q);
      return parsed.ok ? { code: 'INTERNAL', message: '' } : parsed.error;
    })),
    z.transform((q) => (parseQuantity(q) as { ok: true; quantity: number }).quantity),
  ),
  additionalFields: z.optional(z.nullable(z.custom<Record<string, unknown>>((f) => parseAdditionalFields(f).ok, problem((_f, f) => {
    const parsed = parseAdditionalFields(f);
    return parsed.ok ? { code: 'INTERNAL', message: '' } : parsed.error;
  })))),
});
export type AddToCartRequest = z.input<typeof AddToCartRequest>;
