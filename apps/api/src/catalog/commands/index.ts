import { AddVariantHandler } from './add-variant.handler';
import { ChangeStockHandler } from './change-stock.handler';
import { CreateProductHandler } from './create-product.handler';
import { DeleteProductHandler } from './delete-product.handler';
import { EditProductDetailsHandler } from './edit-product-details.handler';
import { EditVariantHandler } from './edit-variant.handler';
import { PutProductOnSaleHandler } from './put-product-on-sale.handler';
import { RemoveVariantHandler } from './remove-variant.handler';
import { RestoreProductHandler } from './restore-product.handler';
import { SetProductEnabledHandler } from './set-product-enabled.handler';
import { SetProductImagesHandler } from './set-product-images.handler';
import { SetProductVariantsHandler } from './set-product-variants.handler';

export const CommandHandlers = [
  CreateProductHandler, EditProductDetailsHandler, AddVariantHandler, EditVariantHandler, RemoveVariantHandler, ChangeStockHandler,
  SetProductVariantsHandler, PutProductOnSaleHandler, SetProductEnabledHandler, SetProductImagesHandler, DeleteProductHandler, RestoreProductHandler,
];
