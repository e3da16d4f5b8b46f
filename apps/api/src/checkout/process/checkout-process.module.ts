import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OrderStreams } from '../order-streams';
import { PAYMENT_PROVIDER } from '../payments/payment-provider';
import { TestPaymentProvider } from '../payments/test-payment-provider';
import { CHECKOUT_PROCESS_SETTINGS } from './checkout-process-settings';
import { CheckoutProcess } from './checkout-process';
import { CheckoutRecovery } from './checkout-recovery';
import { CheckoutStepHook } from './checkout-step-hook';

/**
 * The checkout process and its recovery worker, without HTTP: imported by the checkout module
 * (ROLE=all, api) and by the worker (ROLE=worker). Payments go through PAYMENT_PROVIDER; this build
 * binds the test-mode provider, since no real payment provider is reachable from our machines.
 */
@Module({
  providers: [
    { provide: CHECKOUT_PROCESS_SETTINGS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.checkoutProcess },
    { provide: PAYMENT_PROVIDER, useClass: TestPaymentProvider },
    OrderStreams,
    CheckoutStepHook,
    CheckoutProcess,
    CheckoutRecovery,
  ],
  exports: [CHECKOUT_PROCESS_SETTINGS, PAYMENT_PROVIDER, OrderStreams, CheckoutStepHook, CheckoutProcess, CheckoutRecovery],
})
export class CheckoutProcessModule {}
