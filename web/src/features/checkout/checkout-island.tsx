import { readIslandData } from '../cart-page/island-data';
import { Checkout } from './checkout';

/** The checkout island (loaded as a chunk of its own, only on /checkout): `data-checkout` is the page's JSON. */
export default function renderCheckout(data: DOMStringMap) {
  const island = readIslandData(data.checkout);
  return island ? <Checkout data={island} /> : null;
}
