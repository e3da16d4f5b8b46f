import type { Reader } from '../../security/content-access';

/** GET /api/commerce/products/{id}: an enabled product, if `reader` may see the store that shows it. */
export class GetPublicProductQuery {
  constructor(
    readonly productId: string,
    readonly reader: Reader,
  ) {}
}
