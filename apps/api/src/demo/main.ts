import { failedToStart, startServer } from '../server';
import { DemoModule } from './demo.module';

/**
 * The demo's entry point (`npm start`): the product, with a new database seeded with the demo
 * store "Clay & Co." (SEED_DEMO=false: its website and an empty store only). A first start prints
 * a line as each seeding step begins and one with its duration when it ends.
 */
startServer({ setup: DemoModule.printingProgress() }).catch(failedToStart);
