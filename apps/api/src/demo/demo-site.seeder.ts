import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { collectionStreamId, collectionUrlId, epochMs, itemUrlId, storeStreamId, type ContentItemDetails } from '@storefront/domain';
import { ConcurrencyError, type CommandContext, type EventStore } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import { PASSWORD_HASHER, type PasswordHasher } from '../security/password-hasher';
import { derivedUuid } from '../infrastructure/derived-ids';
import { DEMO_SHOP_COLLECTION_ID } from './demo-store';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';
import {
  DEMO_FOOTER, DEMO_HEADER, DEMO_SITE_SETTINGS, demoCollections, demoEvents, demoGalleryImages, demoNavigations, demoPosts,
} from './demo-site';
import { SiteLoader, SiteWriter } from '../content';
import { FormStore } from '../forms';
import { DEMO_CLASS_SIGNUP_FORM, DEMO_CONTACT_FORM, DEMO_NEWSLETTER_FORM } from './demo-forms';
import { parseFormDefinition } from '@storefront/domain';
import { LOGGED_PROGRESS, START_PROGRESS, type StartProgress } from './start-progress';

/** Records that the demo site was seeded, so later starts leave the site alone. */
export const DEMO_SITE_STREAM_ID = 'demo-site';
export const DEMO_SITE_SEEDED = 'DemoSiteSeeded';

/**
 * On first start (after the demo store, unless SEED_DEMO=false), seeds the demo site "Clay & Co."
 * through the site's own commands and events: settings, pages, blog, events, gallery, shop, a
 * locked and a members-only page, navigations, header and footer.
 *
 * Every step's command id is derived from the website id and the step's name, so seeding is
 * idempotent: a second process seeding at the same time, or a restart after a crash half-way,
 * replays the steps already done (the event store answers them as duplicates) and finishes the
 * rest. A `DemoSiteSeeded` event at the end makes later starts skip seeding altogether.
 */
@Injectable()
export class DemoSiteSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSiteSeeder');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    private readonly writer: SiteWriter,
    private readonly loader: SiteLoader,
    private readonly forms: FormStore,
    @Optional() @Inject(START_PROGRESS) private readonly progress: StartProgress = LOGGED_PROGRESS,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.role === 'worker' || !this.config.seedDemo) return;
    const seeded = await this.seed();
    // The published site reads projections: make sure they include the seed before serving.
    if (seeded && this.config.role === 'all') await this.runner.catchUp();
  }

  /** Seeds the demo site unless it was seeded before; true when it seeded now. */
  async seed(): Promise<boolean> {
    if ((await this.store.streamVersion(DEMO_SITE_STREAM_ID)) > 0) return false;
    if (!(await this.storeExists())) {
      this.logger.warn('the demo store does not exist: the demo site was not seeded');
      return false;
    }
    const done = this.progress.step('seeding the demo site', 'DemoSiteSeeder');
    const count = await this.runSteps();
    done(`demo site seeded: pages and ${count} posts, events and gallery images`);
    return true;
  }

  /**
   * Every seeding step, each answered as a duplicate when it ran before, then the DemoSiteSeeded
   * marker. Returns the number of content items.
   */
  async runSteps(): Promise<number> {
    const website = await this.loader.websiteState();
    const root = derivedUuid('demo-site', website.websiteId);
    const step = (name: string): CommandContext => ({
      commandId: derivedUuid(root, name), correlationId: root, causationId: null, actor: { kind: 'system', id: 'seed' },
    });
    const now = new Date().toISOString();
    const nowMs = epochMs(now);

    await this.writer.website(step('settings'), { type: 'ChangeWebsiteSettings', data: { changes: DEMO_SITE_SETTINGS, now } });

    // The contact page's form, the home page's newsletter form and the class's sign-up (issue 14).
    for (const body of [DEMO_CONTACT_FORM, DEMO_NEWSLETTER_FORM, DEMO_CLASS_SIGNUP_FORM]) {
      const parsed = parseFormDefinition(body.id, body);
      if (!parsed.ok) throw new Error(`demo form ${body.id}: ${parsed.error.message}`);
      await alreadyDoneIsFine(this.forms.define(step(`form-${body.id}`), { type: 'CreateForm', data: { definition: parsed.value, now } }));
    }

    for (const { collection, password } of demoCollections(website.websiteId, now)) {
      const layout = await this.writer.layout(step(`register-${collection.id}`), {
        type: 'RegisterCollection', data: { collectionId: collection.id, kind: collection.kind, wantedUrlId: collection.urlId, now },
      });
      const urlId = collectionUrlId(layout, collection.id) ?? collection.urlId;
      const created = step(`create-${collection.id}`);
      // Hash only when the step has not run yet (a hash per start would be wasted work).
      const exists = (await this.store.streamVersion(collectionStreamId(collection.id))) > 0;
      const passwordHash = password && !exists ? await this.hasher.hash(password) : null;
      await alreadyDoneIsFine(
        this.writer.collection(created, collection.id, { type: 'CreateCollection', data: { collection: { ...collection, urlId, passwordHash } } }),
      );
    }

    const items = [...demoPosts(nowMs), ...demoEvents(nowMs), ...demoGalleryImages(nowMs)];
    for (const item of items) await this.addItem(step, item, now);

    const { mainNav, secondaryNav } = demoNavigations();
    await whileAnotherSeederFinishesPages(() =>
      this.writer.layout(step('main-nav'), { type: 'UpdateNavigation', data: { fieldName: 'mainNav', templateId: null, items: mainNav, now } }),
    );
    await whileAnotherSeederFinishesPages(() =>
      this.writer.layout(step('secondary-nav'), { type: 'UpdateNavigation', data: { fieldName: 'secondaryNav', templateId: null, items: secondaryNav, now } }),
    );
    // The footer signs visitors up for the newsletter on every page (issue 14 part 8); its form was made above.
    const footerNewsletter = { newsletterFormId: DEMO_NEWSLETTER_FORM.id, newsletterForm: { kind: DEMO_NEWSLETTER_FORM.kind } };
    await this.writer.website(step('header-footer'), { type: 'SetSiteHeaderFooter', data: { header: DEMO_HEADER, footer: DEMO_FOOTER, ...footerNewsletter, now } });

    try {
      await this.store.append(DEMO_SITE_STREAM_ID, [{ type: DEMO_SITE_SEEDED, data: { websiteId: website.websiteId, seededAt: now } }], {
        streamType: 'seed', expectedVersion: 'no_stream', command: step('done'),
      });
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error; // another process finished the same seed
    }
    return items.length;
  }

  private async addItem(step: (name: string) => CommandContext, item: ContentItemDetails, now: string): Promise<void> {
    const { collectionId, id: itemId } = item;
    const listed = await this.writer.collection(step(`list-${itemId}`), collectionId, {
      type: 'ListCollectionItem', data: { collectionId, itemId, wantedUrlId: item.urlId },
    });
    const urlId = itemUrlId(listed, itemId) ?? item.urlId;
    await alreadyDoneIsFine(this.writer.item(step(`create-${itemId}`), itemId, { type: 'CreateContentItem', data: { item: { ...item, urlId }, now } }));
  }

  /** The catalog seeds the store first; another process may still be doing so. */
  private async storeExists(timeoutMs = 30_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await this.store.streamVersion(storeStreamId(DEMO_SHOP_COLLECTION_ID))) > 0) return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Another process seeding at the same moment may create a collection or item between this step's
 * duplicate check and its decision: the decision then says it exists, which is the step done.
 */
async function alreadyDoneIsFine(step: Promise<unknown>): Promise<void> {
  try {
    await step;
  } catch (error) {
    const code = error instanceof DomainException ? error.error.code : null;
    if (code !== 'COLLECTION_ALREADY_EXISTS' && code !== 'ITEM_ALREADY_EXISTS' && code !== 'FORM_ALREADY_EXISTS') throw error;
  }
}

/**
 * A navigation may only link pages the layout knows; when another process seeding at the same
 * moment has claimed a page's creation step but not finished it, the link is refused for a moment.
 * Retry for a few seconds before giving up.
 */
async function whileAnotherSeederFinishesPages(step: () => Promise<unknown>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await step();
      return;
    } catch (error) {
      const code = error instanceof DomainException ? error.error.code : null;
      if (code !== 'INVALID_NAVIGATION' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
