import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Database } from '@storefront/eventstore';
import { AccountsModule } from './accounts/accounts.module';
import { CartModule } from './cart/cart.module';
import { CatalogModule } from './catalog/catalog.module';
import { CheckoutModule } from './checkout/checkout.module';
import type { AppConfig } from './config/app-config';
import { HealthModule } from './health/health.module';
import { InfrastructureModule } from './infrastructure/database/infrastructure.module';
import { MediaModule } from './media/media.module';
import { SiteModule } from './site/site.module';
import { StorefrontModule } from './storefront/storefront.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: { db?: Database } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(config, options),
        CqrsModule.forRoot(),
        HealthModule,
        AccountsModule,
        CatalogModule,
        CartModule,
        CheckoutModule,
        MediaModule,
        SiteModule,
        // Last: its catch-all published-site route comes after every API route.
        StorefrontModule,
      ],
    };
  }
}
