import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@storefront/eventstore';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE } from '../infrastructure/database/tokens';
import { SiteReadModel } from '../site/site-read-model';

export const UNLOCK_COOKIE = 'ss_unlocked';
const MAX_UNLOCKED = 20;

/**
 * Lock screens (page type 103). A right password earns a cookie holding, per page, an HMAC keyed
 * by the page's stored password hash: it proves the visitor knew the password without storing it,
 * and changing the password locks everyone out again.
 */
@Injectable()
export class LockedPages {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly site: SiteReadModel,
  ) {}

  private async hashOf(collectionId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ password_hash: string | null }>('SELECT password_hash FROM site_collections WHERE id = $1', [collectionId]);
    return rows[0]?.password_hash ?? null;
  }

  private static proof(collectionId: string, hash: string): string {
    return createHmac('sha256', hash).update(`unlock:${collectionId}`).digest('base64url');
  }

  private static entries(req: FastifyRequest): Map<string, string> {
    const raw = req.cookies[UNLOCK_COOKIE] ?? '';
    return new Map(raw.split('|').filter(Boolean).slice(0, MAX_UNLOCKED).map((e) => e.split('~') as [string, string]).filter((e) => e.length === 2));
  }

  async isUnlocked(req: FastifyRequest, collectionId: string): Promise<boolean> {
    const proof = LockedPages.entries(req).get(collectionId);
    if (!proof) return false;
    const hash = await this.hashOf(collectionId);
    if (!hash) return true;
    const expected = Buffer.from(LockedPages.proof(collectionId, hash));
    const given = Buffer.from(proof);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Checks the password; on success adds the page to the visitor's unlock cookie. */
  async unlock(req: FastifyRequest, res: FastifyReply, collectionId: string, password: unknown, secure: boolean): Promise<boolean> {
    if (typeof password !== 'string' || password.length === 0 || password.length > 200) return false;
    if (!(await this.site.checkCollectionPassword(collectionId, password))) return false;
    const hash = (await this.hashOf(collectionId))!;
    const entries = LockedPages.entries(req);
    entries.set(collectionId, LockedPages.proof(collectionId, hash));
    const value = [...entries].slice(-MAX_UNLOCKED).map(([id, p]) => `${id}~${p}`).join('|');
    res.setCookie(UNLOCK_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
    return true;
  }
}
