import { failedToStart, startServer } from '../server';
import { DemoModule } from './demo.module';

/**
 * The demo's entry point (`npm start`): the product, with a new database seeded with the demo
 * store "Clay & Co." (SEED_DEMO=false: its website and an empty store only).
 */
startServer({ setup: DemoModule }).catch(failedToStart);
