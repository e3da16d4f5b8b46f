import { DynamicModule, Module, type Type } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Database } from '@storefront/eventstore';
import { AccountsModule } from './accounts';
import { AnalyticsModule } from './analytics';
import { AnalyticsReportsModule } from './analytics-reports';
import { BotCheckModule } from './bot-check';
import { CartModule } from './cart';
import { CatalogModule } from './catalog';
import { CheckoutModule } from './checkout';
import type { AppConfig } from './config/app-config';
import { FirstStartModule } from './first-start';
import { FormsModule } from './forms';
import { RestockModule } from './restock';
import { HealthModule } from './health';
import { InfrastructureModule } from './infrastructure/database/infrastructure.module';
import { MailModule } from './mail';
import { MediaModule } from './media';
import { ContentModule } from './content';
import { StorefrontModule } from './storefront';

@Module({})
export class AppModule {
  /**
   * `setup` prepares a new database on start: by default FirstStart's untitled website and empty
   * store; the demo entry point passes DemoModule.
   */
  static forRoot(config: AppConfig, options: { db?: Database; setup?: Type | DynamicModule } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(config, options),
        CqrsModule.forRoot(),
        HealthModule,
        MailModule,
        BotCheckModule,
        AccountsModule,
        CatalogModule,
        CartModule,
        CheckoutModule,
        MediaModule,
        ContentModule,
        FormsModule,
        RestockModule,
        AnalyticsModule,
        AnalyticsReportsModule,
        options.setup ?? FirstStartModule.seeding(),
        // Last: its catch-all published-site route comes after every API route.
        StorefrontModule,
      ],
    };
  }
}
