import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { ContentModule } from '../content';
import { MediaModule } from '../media';
import { RestockAutomaticSends } from './restock-automatic-sends';
import { RestockMails } from './restock-mails';
import { RestockSends } from './restock-sends';
import { RestockUnsubscribeLinks } from './restock-unsubscribe-links';

/**
 * The restock workers: send requests into queued notifications, queued notifications into mail,
 * and stock coming back into automatic send requests (when the owner has them on).
 * In every process that runs projections (ROLE=all, and ROLE=worker through WorkerModule).
 */
@Module({
  imports: [CatalogModule, ContentModule, MediaModule],
  providers: [RestockSends, RestockMails, RestockAutomaticSends, RestockUnsubscribeLinks],
  exports: [RestockUnsubscribeLinks],
})
export class RestockWorkersModule {}
