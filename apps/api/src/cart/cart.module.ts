import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CartController } from './cart.controller';
import { AddItemToCartHandler } from './commands/add-item-to-cart.handler';
import { GetShoppingCartHandler } from './queries/get-shopping-cart.handler';

const CommandHandlers = [AddItemToCartHandler];
const QueryHandlers = [GetShoppingCartHandler];

@Module({
  imports: [CatalogModule],
  controllers: [CartController],
  providers: [...CommandHandlers, ...QueryHandlers],
})
export class CartModule {}
