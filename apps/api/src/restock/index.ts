/** Back-in-stock notifications: the module (sign-up, restock lists, sends). */
export { RestockModule } from './restock.module';
export { RestockWorkersModule } from './restock-workers.module';
export { RestockUnsubscribeLinks } from './restock-unsubscribe-links';
