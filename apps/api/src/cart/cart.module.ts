import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ContentAccessModule } from '../security/content-access';
import { CartProductLookup } from './cart-product-lookup';
import { SubscriptionCartCookies } from './subscription-cart-cookie';
import { CartCookies } from './cart-cookie';
import { CartRateLimiter, ClientRateLimiter } from './cart-rate-limiter';
import { CartSessionFilter } from './cart-session.filter';
import { CART_SETTINGS } from './cart-settings';
import { CartWriteGuard, CommerceRateLimits } from './cart-write.guard';
import { CartController } from './cart.controller';
import { CartStreams } from './commands/cart-streams';
import { CommandHandlers } from './commands';
import { InventoryController } from './inventory.controller';
import { QueryHandlers } from './queries';
import { SubscriptionCartController } from './subscription-cart.controller';

@Module({
  imports: [CatalogModule, ContentAccessModule],
  controllers: [CartController, SubscriptionCartController, InventoryController],
  providers: [
    { provide: CART_SETTINGS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.cart },
    CartProductLookup,
    CartCookies,
    SubscriptionCartCookies,
    CartRateLimiter,
    ClientRateLimiter,
    CommerceRateLimits,
    CartWriteGuard,
    CartSessionFilter,
    CartStreams,
    ...CommandHandlers,
    ...QueryHandlers,
  ],
  exports: [CartStreams, CART_SETTINGS, CartCookies, SubscriptionCartCookies, CommerceRateLimits],
})
export class CartModule {}
