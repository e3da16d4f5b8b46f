import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EraseRestockSignUpsHandler } from './commands/erase-restock-sign-ups.handler';
import { RequestRestockSendHandler } from './commands/request-restock-send.handler';
import { SignUpForRestockHandler } from './commands/sign-up-for-restock.handler';
import { RestockOwnerController } from './restock-owner.controller';
import { RESTOCK_SETTINGS } from './restock-settings';
import { RestockVisitorController } from './restock-visitor.controller';
import { RestockWorkersModule } from './restock-workers.module';

/**
 * Back-in-stock notifications (issue 15): the visitor's sign-up (with the bot check, BotCheckModule
 * is global), the owner's restock lists and sends (the `restock` read model), and the commands
 * that append to the sign-up and send streams.
 */
@Module({
  imports: [CatalogModule, RestockWorkersModule],
  controllers: [RestockVisitorController, RestockOwnerController],
  providers: [
    { provide: RESTOCK_SETTINGS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.restock },
    SignUpForRestockHandler,
    RequestRestockSendHandler,
    EraseRestockSignUpsHandler,
  ],
})
export class RestockModule {}
