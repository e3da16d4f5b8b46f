import { productCreatedV1ToV2 } from './catalog/upcasters';
import { collectionCreatedV1ToV2, collectionDetailsChangedV1ToV2 } from './site/upcasters';
import type { EventUpcaster } from './shared/upcasting';

/**
 * Every upcaster of the product, in one list: the event store applies them to each event it reads
 * (command handling's fold, projection batches, readers folding a stream). Add one here when an
 * event's data shape changes: bump the `schemaVersion` its decider writes and upcast the old one.
 */
export const EVENT_UPCASTERS: readonly EventUpcaster[] = [productCreatedV1ToV2, collectionCreatedV1ToV2, collectionDetailsChangedV1ToV2];
