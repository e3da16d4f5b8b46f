import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_WEBSITE_TITLE, formatMoney, purchasePriceMinor, restockNotificationMail, restockSignUpDecider, restockSignUpStreamId,
  RESTOCK_SIGN_UP_STREAM_TYPE, type ProductRecord, type RestockNotificationQueued,
} from '@storefront/domain';
import type { Database, EventStore, RecordedEvent } from '@storefront/eventstore';
import { ProductCatalog } from '../catalog';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SiteReadModel } from '../content';
import { CommandExecutor } from '../infrastructure/command-executor';
import { DATABASE, EVENT_STORE } from '../infrastructure/database/tokens';
import { derivedUuid } from '../infrastructure/derived-ids';
import { EventFollower } from '../infrastructure/event-follower';
import { InvalidMailMessage, Mailer } from '../mail';
import { ImageAssets } from '../media';
import { RestockUnsubscribeLinks } from './restock-unsubscribe-links';

/** How long a product's facts are reused between mails of one send. */
const FACTS_TTL_MS = 30_000;

type ProductFacts = { product: ProductRecord | null; imageUrl: string | null; siteTitle: string; at: number };

/**
 * Delivers queued notifications (RestockNotificationQueued): writes each mail to the mail outbox
 * under a dedupe key per sign-up and send (so handling an event again queues nothing twice), then
 * records RestockNotificationSent. The outbox sends through SMTP with retries; what it guarantees
 * (a copy only when a crash falls between the SMTP server's acceptance and our record of it, with
 * the same Message-ID) is in docs/RESTOCK.md.
 */
@Injectable()
export class RestockMails extends EventFollower {
  private readonly facts = new Map<string, ProductFacts>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_STORE) store: EventStore,
    private readonly executor: CommandExecutor,
    private readonly mailer: Mailer,
    private readonly catalog: ProductCatalog,
    private readonly images: ImageAssets,
    private readonly site: SiteReadModel,
    private readonly links: RestockUnsubscribeLinks,
  ) {
    super('restock-mails', ['RestockNotificationQueued'], 200, config, db, store);
  }

  protected async handle(event: RecordedEvent): Promise<void> {
    const queued = (event as RecordedEvent<RestockNotificationQueued['data']>).data;
    const { product, imageUrl, siteTitle } = await this.productFacts(queued.productId);
    const variant = product?.structuredContent.variants.find((v) => v.id === queued.variantId);
    if (product && variant) {
      const base = this.config.siteUrl.replace(/\/$/, '');
      const message = restockNotificationMail({
        to: queued.email, language: queued.language, siteTitle, productName: product.title || product.name,
        variantLabel: Object.entries(variant.attributes).map(([k, v]) => `${k}: ${v}`).join(', '),
        priceText: formatMoney(purchasePriceMinor(variant), variant.priceMoney.currency, queued.language ?? undefined),
        productUrl: `${base}${product.fullUrl}`, imageUrl: imageUrl ? `${base}${imageUrl}` : null,
        unsubscribeUrl: this.links.link(queued.signUpId),
      });
      try {
        await this.mailer.send(message, { dedupeKey: `restock:${queued.signUpId}:${queued.requestId}` });
      } catch (e) {
        // An address the mail refuses outright never gets better: record nothing, go on.
        if (!(e instanceof InvalidMailMessage)) throw e;
        this.logger.error(`restock notification ${queued.signUpId} not sent: ${e.message}`);
        return;
      }
    } else {
      this.logger.warn(`restock notification ${queued.signUpId}: product ${queued.productId} or its variant is gone; not sent`);
      return;
    }
    await this.executor.execute({
      streamId: restockSignUpStreamId(queued.signUpId), streamType: RESTOCK_SIGN_UP_STREAM_TYPE, decider: restockSignUpDecider,
      command: { type: 'RecordRestockNotificationSent', data: { requestId: queued.requestId, now: new Date().toISOString() } },
      context: {
        commandId: derivedUuid(event.eventId, 'sent'), commandIdIsNew: false, correlationId: event.metadata?.correlationId ?? event.eventId,
        causationId: event.eventId, actor: { kind: 'system', id: 'restock-mails' }, requestId: `restock-mail-${queued.signUpId}`,
      },
    });
  }

  private async productFacts(productId: string): Promise<ProductFacts> {
    const known = this.facts.get(productId);
    if (known && Date.now() - known.at < FACTS_TTL_MS) return known;
    const product = await this.catalog.findProduct(productId);
    const image = product?.mainImageId ? await this.images.find(product.mainImageId) : null;
    const siteTitle = (await this.site.website())?.website.siteTitle || DEFAULT_WEBSITE_TITLE;
    const facts = {
      product, siteTitle, at: Date.now(),
      imageUrl: image ? `/static/images/${image.imageId}/${encodeURIComponent(image.filename)}?format=500w` : null,
    };
    if (this.facts.size > 1000) this.facts.clear();
    this.facts.set(productId, facts);
    return facts;
  }
}
