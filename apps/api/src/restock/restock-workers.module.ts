import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { ContentModule } from '../content';
import { MediaModule } from '../media';
import { RestockMails } from './restock-mails';
import { RestockSends } from './restock-sends';
import { RestockUnsubscribeLinks } from './restock-unsubscribe-links';

/**
 * The restock workers: send requests into queued notifications, queued notifications into mail.
 * In every process that runs projections (ROLE=all, and ROLE=worker through WorkerModule).
 */
@Module({
  imports: [CatalogModule, ContentModule, MediaModule],
  providers: [RestockSends, RestockMails, RestockUnsubscribeLinks],
  exports: [RestockUnsubscribeLinks],
})
export class RestockWorkersModule {}
