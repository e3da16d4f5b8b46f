import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  checkRestockEmail, errorOf, parseRestockSettingsChanges, restockSettingsDecider, RESTOCK_SETTINGS_STREAM_ID, RESTOCK_SETTINGS_STREAM_TYPE,
  type ProductRecord, type RestockSiteSettings,
} from '@storefront/domain';
import { foldEvents, type Database, type EventStore } from '@storefront/eventstore';
import { readRestockGroups, readRestockSignUps, type RestockSignUpGroup, type RestockSignUpRow } from '@storefront/projections';
import type { FastifyReply } from 'fastify';
import { ProductCatalog } from '../catalog';
import { CommandExecutor } from '../infrastructure/command-executor';
import { DATABASE, EVENT_STORE } from '../infrastructure/database/tokens';
import { stepContext } from '../infrastructure/derived-ids';
import { DomainException } from '../infrastructure/http/domain-exception';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { EraseRestockSignUpsCommand } from './commands/erase-restock-sign-ups.command';
import { RequestRestockSendCommand } from './commands/request-restock-send.command';

export const RESTOCK_GROUPS_PAGE_SIZE = 50;
export const RESTOCK_SIGN_UPS_PAGE_SIZE = 100;
/** Send requests one `send/all` may carry. */
export const RESTOCK_SEND_ALL_MAX = 500;

/** A group as the owner's list shows it: the product's name, the variant's options and stock beside the counts. */
export type RestockGroupView = RestockSignUpGroup & { productName: string | null; variantLabel: string; stock: { unlimited: boolean; qtyInStock: number } | null };

const invalid = (field: string, message: string) => new DomainException(errorOf('INVALID_REQUEST', message, { field }));
const idOf = (raw: unknown, field: string): string => {
  if (typeof raw !== 'string' || raw === '' || raw.length > 100) throw invalid(field, `${field} must be an id.`);
  return raw;
};

function groupCursor(raw: unknown): { productId: string; variantId: string } | null {
  if (raw === undefined || raw === '') return null;
  try {
    const parsed: unknown = typeof raw === 'string' && raw.length <= 300 ? JSON.parse(raw) : null;
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((p) => typeof p === 'string')) return { productId: parsed[0], variantId: parsed[1] };
  } catch {
    // answered below
  }
  throw invalid('cursor', 'cursor must be the nextPageCursor of the previous page.');
}

function seqCursor(raw: unknown): number {
  if (raw === undefined || raw === '') return 0;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) throw invalid('cursor', 'cursor must be the nextPageCursor of the previous page.');
  return Number(raw);
}

/** A CSV cell: quoted, and never a formula (a leading = + - @ tab or return gets a quote mark first). */
const csvCell = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/**
 * The restock lists for owners (issue 15, SPEC 7), behind `restock.manage`: the groups of
 * sign-ups per product and variant with the stock beside each, one variant's sign-ups, a CSV of
 * them, sending for one variant or several, and erasing a person's sign-ups.
 */
@Controller('api/site-users/account/notifications/restock')
@RequiresPermission('restock.manage')
export class RestockOwnerController {
  constructor(
    private readonly commands: CommandBus,
    private readonly catalog: ProductCatalog,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly executor: CommandExecutor,
  ) {}

  /** The store's back-in-stock settings: the form's words, the success text, the automatic send (from their stream, so a save reads back at once). */
  @Get('settings')
  async settings(): Promise<{ settings: RestockSiteSettings; version: number }> {
    const state = foldEvents(restockSettingsDecider, restockSettingsDecider.initialState(), await this.store.readStream(RESTOCK_SETTINGS_STREAM_ID));
    return { settings: state.settings, version: state.version };
  }

  /** Changes some of them (only the fields given; RestockSettingsChanged records what differs). */
  @Patch('settings')
  async changeSettings(@Req() req: AppRequest, @Body() body: unknown): Promise<{ settings: RestockSiteSettings; version: number }> {
    const parsed = parseRestockSettingsChanges(body);
    if (!parsed.ok) throw new DomainException(parsed.error);
    const result = await this.executor.execute({
      streamId: RESTOCK_SETTINGS_STREAM_ID, streamType: RESTOCK_SETTINGS_STREAM_TYPE, decider: restockSettingsDecider,
      command: { type: 'ChangeRestockSettings', data: { changes: parsed.value, now: new Date().toISOString() } }, context: commandContextFor(req),
    });
    if (!result.ok) throw new DomainException(result.error);
    return { settings: result.state.settings, version: result.state.version };
  }

  @Get('groups')
  async groups(@Query('cursor') cursor: unknown): Promise<{ signUpGroups: RestockGroupView[]; hasNextPage: boolean; nextPageCursor: string | null }> {
    const page = await readRestockGroups(this.db, groupCursor(cursor), RESTOCK_GROUPS_PAGE_SIZE);
    const products = new Map((await this.catalog.listForOwner()).map((p) => [p.id, p as ProductRecord]));
    return {
      signUpGroups: page.items.map((group) => {
        const product = products.get(group.productId);
        const variant = product?.structuredContent.variants.find((v) => v.id === group.variantId);
        return {
          ...group,
          productName: product ? product.title || product.name : null,
          variantLabel: variant ? Object.values(variant.attributes).join(' / ') || variant.sku : '',
          stock: variant ? { unlimited: variant.unlimited, qtyInStock: variant.qtyInStock } : null,
        };
      }),
      hasNextPage: page.hasNextPage,
      nextPageCursor: page.nextPageCursor,
    };
  }

  @Get()
  async signUps(
    @Query('productId') productId: unknown, @Query('variantId') variantId: unknown, @Query('cursor') cursor: unknown,
  ): Promise<{ signUps: RestockSignUpRow[]; hasNextPage: boolean; nextPageCursor: string | null }> {
    const page = await readRestockSignUps(this.db, idOf(productId, 'productId'), idOf(variantId, 'variantId'), seqCursor(cursor), RESTOCK_SIGN_UPS_PAGE_SIZE);
    return { signUps: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
  }

  /** Every sign-up of one variant as CSV (email, language, status, dates), cells never formulas. */
  @Get('export.csv')
  async csv(@Query('productId') productId: unknown, @Query('variantId') variantId: unknown, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const product = idOf(productId, 'productId');
    const variant = idOf(variantId, 'variantId');
    const lines = [['email', 'language', 'mailing list', 'status', 'signed up', 'notified'].map(csvCell).join(',')];
    for (let after = 0; ;) {
      const page = await readRestockSignUps(this.db, product, variant, after, 1000);
      for (const s of page.items) {
        lines.push([s.email, s.language ?? '', s.joinedMailingList ? 'yes' : 'no', s.status, s.signedUpAt, s.notifiedAt ?? ''].map(csvCell).join(','));
      }
      if (!page.hasNextPage) break;
      after = page.lastSeq;
    }
    res.header('Content-Type', 'text/csv; charset=utf-8');
    res.header('Content-Disposition', `attachment; filename="restock-${product.replace(/[^\w-]/g, '_')}-${variant.replace(/[^\w-]/g, '_')}.csv"`);
    res.header('Cache-Control', 'no-store');
    return `${lines.join('\r\n')}\r\n`;
  }

  /** SPEC 7 `POST …/restock/send` { productId, variantId }: 202 with the request's id; the send worker queues the mails. */
  @Post('send')
  @HttpCode(202)
  async send(@Req() req: AppRequest, @Body() body: unknown): Promise<{ requestId: string }> {
    const { productId, variantId } = (body ?? {}) as Record<string, unknown>;
    const context = commandContextFor(req);
    return this.commands.execute(new RequestRestockSendCommand(context, {
      requestId: context.commandId, productId: idOf(productId, 'productId'), variantId: idOf(variantId, 'variantId'), limit: null, automatic: false,
    }));
  }

  /** SPEC 7 `POST …/restock/send/all` { sendRequests: [{ productId, variantId }] }. */
  @Post('send/all')
  @HttpCode(202)
  async sendAll(@Req() req: AppRequest, @Body() body: unknown): Promise<{ requestIds: string[] }> {
    const sendRequests = (body as { sendRequests?: unknown } | null)?.sendRequests;
    if (!Array.isArray(sendRequests) || sendRequests.length === 0 || sendRequests.length > RESTOCK_SEND_ALL_MAX) {
      throw invalid('sendRequests', `sendRequests must list 1 to ${RESTOCK_SEND_ALL_MAX} sends of { productId, variantId }.`);
    }
    const sends = sendRequests.map((r: unknown, i) => {
      const { productId, variantId } = (typeof r === 'object' && r !== null ? r : {}) as Record<string, unknown>;
      return { productId: idOf(productId, `sendRequests[${i}].productId`), variantId: idOf(variantId, `sendRequests[${i}].variantId`) };
    });
    const context = commandContextFor(req);
    const requestIds: string[] = [];
    for (const [i, s] of sends.entries()) {
      const step = stepContext(context, `send:${i}`);
      const { requestId } = await this.commands.execute(new RequestRestockSendCommand(step, {
        requestId: step.commandId, productId: s.productId, variantId: s.variantId, limit: null, automatic: false,
      }));
      requestIds.push(requestId);
    }
    return { requestIds };
  }

  /** Erases every sign-up of an address: the lists and exports no longer show it. */
  @Post('erase')
  @HttpCode(200)
  async erase(@Req() req: AppRequest, @Body() body: unknown): Promise<{ erased: number }> {
    const checked = checkRestockEmail((body as { email?: unknown } | null)?.email);
    if (!checked.ok) throw new DomainException(checked.error);
    return this.commands.execute(new EraseRestockSignUpsCommand(commandContextFor(req), checked.email));
  }
}
