import { Inject, Injectable, Module, type CanActivate, type ExecutionContext, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { domainError, hasPermission, isCollectionVisible, type WorkflowState } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { catalogProductsProjection, siteProjection } from '@storefront/projections';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DATABASE } from '../infrastructure/database/tokens';
import { ReadModelChanges } from '../infrastructure/read-model-changes';
import { DomainException } from '../infrastructure/http/domain-exception';
import type { AppRequest } from '../infrastructure/http/request-context';

/** The cookie a lock screen's right password earns (see LockedPages). */
export const UNLOCK_COOKIE = 'ss_unlocked';
const MAX_UNLOCKED = 20;
const MAX_ID_LENGTH = 200;
/** Remembered rules are read again after this long even without a change notice. */
const CACHE_TTL_MS = 5_000;
const CACHE_CAPACITY = 5_000;

/**
 * How a site collection (a page, blog, events, gallery or the page of a store) may be read:
 * `open` by anyone; `locked` behind a page password; `members` for site members only (there are
 * no member accounts yet: only signed-in owners); `unpublished` for owners only; `none` when no
 * page governs it (a store no page shows), which is open.
 */
export type AccessRule = 'open' | 'locked' | 'members' | 'unpublished' | 'none';

/** Who is reading: an owner with `site.view` reads everything; a visitor what is open or unlocked. */
export type Reader = { owner: boolean; isUnlocked(collectionId: string): Promise<boolean> };

/**
 * The one access check of the published site (issue 13): every path that reads content asks it
 * before showing a collection's items or a product: page building and the lock screen, summary and
 * product blocks, search results, `?format=json` (built by the same code), the public product API
 * and add to cart. A visitor may read a collection when it is open, or locked and unlocked by the
 * visitor (the `ss_unlocked` cookie proves the password with an HMAC keyed by the stored hash, so a
 * new password locks everyone out again). Owners read everything.
 *
 * Rules and product → collection lookups are remembered until the site or catalog read model
 * changes (this process's runner says so after committing a batch, another process with a
 * READ_MODEL_CHANGED_CHANNEL notice), and never longer than 5 s.
 */
@Injectable()
export class ContentAccess implements OnModuleInit, OnModuleDestroy {
  private readonly rules = new Map<string, { rule: AccessRule; hash: string | null; at: number }>();
  private readonly productCollections = new Map<string, { collectionId: string | null; at: number }>();
  private generation = 0;
  private stopWatching: (() => Promise<void>) | null = null;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly changes: ReadModelChanges,
  ) {}

  async onModuleInit(): Promise<void> {
    this.stopWatching = await this.changes.watch([siteProjection.name, catalogProductsProjection.name], () => this.forget());
  }

  async onModuleDestroy(): Promise<void> {
    await this.stopWatching?.();
    this.stopWatching = null;
  }

  /** The reader a request is: an owner when signed in with `site.view` (every role), else a visitor with the pages they unlocked. */
  readerFor(req: FastifyRequest): Reader {
    const unlocked = ContentAccess.unlockEntries(req);
    return {
      owner: hasPermission((req as AppRequest).state?.owner?.roles ?? [], 'site.view'),
      isUnlocked: (collectionId) => this.proves(collectionId, unlocked.get(collectionId)),
    };
  }

  async ruleOf(collectionId: string | null | undefined): Promise<AccessRule> {
    return (await this.entry(collectionId)).rule;
  }

  /** May `reader` read the collection's content (its items, products, description, blocks)? */
  async canRead(collectionId: string | null | undefined, reader: Reader): Promise<boolean> {
    const rule = await this.ruleOf(collectionId);
    if (rule === 'open' || rule === 'none' || reader.owner) return true;
    if (rule === 'locked') return reader.isUnlocked(collectionId!);
    return false;
  }

  /** May `reader` see (and buy) the product: the store page that shows it must be readable. */
  async canReadProduct(product: { id?: string; collectionId?: string | null } | string, reader: Reader): Promise<boolean> {
    const collectionId = typeof product === 'string' ? await this.collectionOfProduct(product) : product.collectionId ?? (product.id ? await this.collectionOfProduct(product.id) : null);
    return this.canRead(collectionId, reader);
  }

  /** Whether the visitor's cookie holds the proof for this locked collection's current password. */
  private async proves(collectionId: string, proof: string | undefined): Promise<boolean> {
    if (!proof) return false;
    const { hash } = await this.entry(collectionId);
    if (!hash) return true;
    const expected = Buffer.from(ContentAccess.proof(collectionId, hash));
    const given = Buffer.from(proof);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The unlock proof of a collection for its stored password hash. */
  static proof(collectionId: string, hash: string): string {
    return createHmac('sha256', hash).update(`unlock:${collectionId}`).digest('base64url');
  }

  /** The `ss_unlocked` cookie: collection id → proof, at most 20. */
  static unlockEntries(req: FastifyRequest): Map<string, string> {
    const raw = req.cookies?.[UNLOCK_COOKIE] ?? '';
    return new Map(raw.split('|').filter(Boolean).slice(0, MAX_UNLOCKED).map((e) => e.split('~') as [string, string]).filter((e) => e.length === 2));
  }

  /** A collection's password hash (null when it has none), read fresh: used when a password is checked. */
  async passwordHashOf(collectionId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ password_hash: string | null }>('SELECT password_hash FROM site_collections WHERE id = $1', [collectionId]);
    return rows[0]?.password_hash ?? null;
  }

  private async entry(collectionId: string | null | undefined): Promise<{ rule: AccessRule; hash: string | null }> {
    if (typeof collectionId !== 'string' || collectionId === '' || collectionId.length > MAX_ID_LENGTH) return { rule: 'none', hash: null };
    const cached = this.rules.get(collectionId);
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached;
    const generation = this.generation;
    const at = Date.now();
    const { rows } = await this.db.query<{ workflow_state: WorkflowState; publish_on: string | number | null; password_hash: string | null; members_only: boolean }>(
      'SELECT workflow_state, publish_on, password_hash, members_only FROM site_collections WHERE id = $1',
      [collectionId],
      { name: 'content_access_rule' },
    );
    const row = rows[0];
    // Visitors see a page by its publish state (SPEC 4), as items: Published, or Scheduled once due.
    const published = !!row && isCollectionVisible({ workflowState: row.workflow_state, publishOn: row.publish_on === null ? null : Number(row.publish_on) }, at);
    const rule: AccessRule = !row ? 'none' : !published ? 'unpublished' : row.members_only ? 'members' : row.password_hash ? 'locked' : 'open';
    const entry = { rule, hash: row?.password_hash ?? null, at };
    if (generation === this.generation) remember(this.rules, collectionId, entry);
    return entry;
  }

  private async collectionOfProduct(productId: string): Promise<string | null> {
    if (productId.length === 0 || productId.length > MAX_ID_LENGTH) return null;
    const cached = this.productCollections.get(productId);
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.collectionId;
    const generation = this.generation;
    const at = Date.now();
    const { rows } = await this.db.query<{ collection_id: string | null }>('SELECT collection_id FROM catalog_products WHERE id = $1', [productId], {
      name: 'content_access_product',
    });
    const collectionId = rows[0]?.collection_id ?? null;
    if (generation === this.generation) remember(this.productCollections, productId, { collectionId, at });
    return collectionId;
  }

  private forget(): void {
    this.generation++;
    this.rules.clear();
    this.productCollections.clear();
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > CACHE_CAPACITY) map.delete(map.keys().next().value as string);
}

/** The answer for a product the visitor may not read: as if it did not exist. */
export function productNotReadable(itemId?: string) {
  return domainError('PRODUCT_NOT_FOUND', itemId ? { itemId } : undefined, 'This product is not available: it is in a part of the store you have not unlocked.');
}

/**
 * For the cart's add and subscription routes (their body's `itemId`): a product the visitor may not
 * read, because its store page is locked (and not unlocked), members-only or unpublished, cannot be
 * bought: 404 PRODUCT_NOT_FOUND, as the public product read answers. Unknown ids are left to the
 * cart, which answers them as it always has.
 */
@Injectable()
export class ReadableProductGuard implements CanActivate {
  constructor(private readonly access: ContentAccess) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AppRequest>();
    const itemId = (req.body as { itemId?: unknown } | null | undefined)?.itemId;
    if (typeof itemId !== 'string' || itemId.length === 0 || itemId.length > MAX_ID_LENGTH) return true;
    if (!(await this.access.canReadProduct(itemId, this.access.readerFor(req)))) {
      throw new DomainException(productNotReadable());
    }
    return true;
  }
}

/** ContentAccess (and the cart's guard) for every module that reads content: catalog, cart, storefront. */
@Module({ providers: [ContentAccess, ReadableProductGuard], exports: [ContentAccess, ReadableProductGuard] })
export class ContentAccessModule {}
