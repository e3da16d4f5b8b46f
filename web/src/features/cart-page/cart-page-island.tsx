import { CartPage } from './cart-page';
import { readIslandData } from './island-data';

/** The cart page island (loaded as a chunk of its own, only on /cart): `data-cart-page` is the page's JSON. */
export default function renderCartPage(data: DOMStringMap) {
  const island = readIslandData(data.cartPage);
  return island ? <CartPage data={island} /> : null;
}
