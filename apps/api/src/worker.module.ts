import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AnalyticsRetentionModule } from './analytics-reports';
import { CheckoutProcessModule } from './checkout';
import { FormWorkersModule } from './forms';
import type { AppConfig } from './config/app-config';
import { InfrastructureModule } from './infrastructure/database/infrastructure.module';
import { MailDeliveryModule } from './mail';
import { RestockWorkersModule } from './restock';

/**
 * ROLE=worker: no HTTP, only the projection runner (the infrastructure module starts it), the
 * checkout recovery worker, the mail sender, the forms' notification worker, the restock workers and the
 * analytics raw-visit retention.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerModule, imports: [CqrsModule.forRoot(), InfrastructureModule.forRoot(config), CheckoutProcessModule, MailDeliveryModule, FormWorkersModule, RestockWorkersModule, AnalyticsRetentionModule] };
  }
}
