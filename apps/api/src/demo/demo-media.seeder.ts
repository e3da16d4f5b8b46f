import { Inject, Injectable, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { imageStreamId } from '@storefront/domain';
import { ConcurrencyError, type CommandContext, type EventStore } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import { derivedUuid } from '../infrastructure/derived-ids';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { systemContext } from '../first-start';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';
import { UploadImageCommand } from '../media';
import { DEMO_IMAGE_LIST, renderDemoImage, type DemoImage } from './demo-images';
import { LOGGED_PROGRESS, START_PROGRESS, type StartProgress } from './start-progress';

/**
 * Uploads the demo images (demo-images.ts) through the owner's upload command when the demo store
 * is seeded (SEED_DEMO, not on ROLE=worker), like the catalog's DemoStoreSeeder. Each image has a
 * fixed id and is uploaded only if its stream has never existed, so restarts add nothing, an image
 * the owner removed stays removed, and a store seeded before the media context existed gets them
 * on its next start. Two processes starting at once: the command id derives from the image id, so
 * the second upload of an image is a duplicate of the first and appends nothing.
 */
@Injectable()
export class DemoMediaSeeder implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    private readonly commands: CommandBus,
    @Optional() @Inject(START_PROGRESS) private readonly progress: StartProgress = LOGGED_PROGRESS,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.role === 'worker' || !this.config.seedDemo) return;
    const uploaded = await this.seed();
    // Pages read the image_assets projection: make sure it includes the seed before serving.
    if (uploaded > 0 && this.config.role === 'all') await this.runner.catchUp();
  }

  /** Uploads the demo images that were never uploaded; returns how many it uploaded. */
  async seed(images: DemoImage[] = DEMO_IMAGE_LIST): Promise<number> {
    const missing: DemoImage[] = [];
    for (const image of images) {
      if ((await this.store.streamVersion(imageStreamId(image.id))) === 0) missing.push(image);
    }
    if (missing.length === 0) return 0;
    const done = this.progress.step(`drawing and uploading ${missing.length} demo images`, 'DemoMediaSeeder');
    // Drawing is CPU-bound and single-threaded per image: two at a time use two cores.
    const files = await mapWithConcurrency(missing, 2, (image) => renderDemoImage(image));
    for (const [i, image] of missing.entries()) {
      const bytes = files[i];
      const command = new UploadImageCommand(
        this.context(image.id),
        { filename: image.filename, bytes, byteLength: bytes.length },
        { title: image.title, altText: image.altText },
        image.id,
      );
      try {
        await this.commands.execute(command);
      } catch (error) {
        // Another process got there between our check and our append.
        const lost = error instanceof ConcurrencyError || (error instanceof DomainException && error.error.code === 'IMAGE_ALREADY_EXISTS');
        if (!lost) throw error;
      }
    }
    done(`demo images drawn and uploaded: ${missing.length}`);
    return missing.length;
  }

  private context(imageId: string): CommandContext {
    return systemContext(derivedUuid('demo-media', imageId));
  }
}

async function mapWithConcurrency<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
