import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FormCommandHandlers } from './commands';
import { FormRateLimits } from './form-rate-limits';
import { FORMS_SETTINGS } from './form-settings';
import { FormWorkersModule } from './form-workers.module';
import { FormVisitors } from './form-visitors';
import { FormsOwnerController } from './forms-owner.controller';
import { FormsVisitorController } from './forms-visitor.controller';

/**
 * Forms and newsletter sign-ups (issue 14): the owner's form builder API, the visitor's submission
 * calls (SPEC 7) with the bot check (BotCheckModule, global), the owner notification worker
 * (through the global MailModule's Mailer). Published pages read the definitions from the
 * `forms` read model (storefront). Every write is a command (commands/) dispatched through the
 * CommandBus.
 */
@Module({
  imports: [FormWorkersModule],
  controllers: [FormsOwnerController, FormsVisitorController],
  providers: [
    { provide: FORMS_SETTINGS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.forms },
    FormVisitors,
    FormRateLimits,
    ...FormCommandHandlers,
  ],
  exports: [FormWorkersModule],
})
export class FormsModule {}
