import { Inject, Injectable } from '@nestjs/common';
import {
  automaticSendLimit, evolveInventory, initialInventoryState, restockSendDecider, restockSendStreamId, restockSettingsDecider, RESTOCK_SEND_STREAM_TYPE,
  RESTOCK_SETTINGS_STREAM_ID, type InventoryEvent, type InventoryState, type RestockSettingsEvent,
} from '@storefront/domain';
import { toDomainEvent, type Database, type EventStore, type RecordedEvent } from '@storefront/eventstore';
import { ProductCatalog } from '../catalog';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CommandExecutor } from '../infrastructure/command-executor';
import { DATABASE, EVENT_STORE } from '../infrastructure/database/tokens';
import { derivedUuid } from '../infrastructure/derived-ids';
import { EventFollower } from '../infrastructure/event-follower';

/** The inventory events that can put stock back (a reservation only takes it). */
const RESTOCKING_EVENTS = ['StockSet', 'StockAdjusted', 'StockReservationReleased'];

/**
 * The automatic send on restock (issue 15): follows the inventory events and, where a variant's
 * stock went from 0 to N > 0 while the owner had `automaticSendOnRestock` on (as the settings stood
 * at that event in the log), records a RestockSendRequested with `limit` N and `automatic`; the
 * send worker (RestockSends) then queues at most N notifications, oldest sign-ups first, and the
 * rest keep waiting. The request's id is derived from the inventory event's id, so handling the
 * event again after a crash finds the request already recorded and records nothing twice.
 */
@Injectable()
export class RestockAutomaticSends extends EventFollower {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_STORE) store: EventStore,
    private readonly executor: CommandExecutor,
    private readonly catalog: ProductCatalog,
  ) {
    super('restock-automatic-sends', RESTOCKING_EVENTS, 100, config, db, store);
  }

  protected async handle(event: RecordedEvent): Promise<void> {
    const d = event.data as { productId: string; sku: string; qtyInStock: number; unlimited?: boolean; by?: number; quantity?: number };
    // Cheap answers first: still nothing to sell, or stock that was already above 0.
    if (d.unlimited !== true && d.qtyInStock <= 0) return;
    if (event.type === 'StockAdjusted' && d.qtyInStock - (d.by ?? 0) > 0) return;
    if (event.type === 'StockReservationReleased' && d.qtyInStock - (d.quantity ?? 0) > 0) return;
    if (!(await this.automaticAt(event))) return;
    const history = await this.store.readStream(event.streamId);
    const fold = (events: RecordedEvent[]) => events.reduce<InventoryState>((s, e) => evolveInventory(s, toDomainEvent<InventoryEvent>(e)), initialInventoryState());
    const before = fold(history.filter((e) => e.streamPosition < event.streamPosition));
    const after = fold(history.filter((e) => e.streamPosition <= event.streamPosition));
    const send = automaticSendLimit(before, after);
    if (!send) return;
    const product = await this.catalog.findProduct(d.productId);
    const variant = product?.structuredContent.variants.find((v) => v.sku === d.sku);
    if (!variant) return;
    const requestId = derivedUuid(event.eventId, 'restock-automatic-send');
    const result = await this.executor.execute({
      streamId: restockSendStreamId(requestId), streamType: RESTOCK_SEND_STREAM_TYPE, decider: restockSendDecider,
      command: { type: 'RequestRestockSend', data: { requestId, productId: d.productId, variantId: variant.id, limit: send.limit, automatic: true, now: new Date().toISOString() } },
      context: {
        commandId: derivedUuid(event.eventId, 'restock-automatic-send-request'), commandIdIsNew: false, correlationId: event.metadata?.correlationId ?? event.eventId,
        causationId: event.eventId, actor: { kind: 'system', id: 'restock-automatic-sends' }, requestId: `restock-automatic-send-${requestId}`,
      },
    });
    if (!result.ok) this.logger.error(`automatic restock send for ${d.productId}/${d.sku} refused: ${result.error.message}`);
  }

  /** Whether the owner had the automatic send on when `event` was recorded (the settings' events before it in the log). */
  private async automaticAt(event: RecordedEvent): Promise<boolean> {
    const changes = (await this.store.readStream(RESTOCK_SETTINGS_STREAM_ID)).filter((e) => e.globalPosition < event.globalPosition);
    const state = changes.reduce((s, e) => restockSettingsDecider.evolve(s, toDomainEvent<RestockSettingsEvent>(e)), restockSettingsDecider.initialState());
    return state.settings.automaticSendOnRestock;
  }
}
