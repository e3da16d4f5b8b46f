import { AddItemToCartHandler } from './add-item-to-cart.handler';
import { ChangeCartEntryQuantityHandler } from './change-cart-entry-quantity.handler';
import { CreateSubscriptionCartHandler } from './create-subscription-cart.handler';
import { RemoveCartEntryHandler } from './remove-cart-entry.handler';
import { UpdateCartEntryAdditionalFieldsHandler } from './update-cart-entry-additional-fields.handler';

export const CommandHandlers = [
  AddItemToCartHandler,
  ChangeCartEntryQuantityHandler,
  RemoveCartEntryHandler,
  UpdateCartEntryAdditionalFieldsHandler,
  CreateSubscriptionCartHandler,
];
