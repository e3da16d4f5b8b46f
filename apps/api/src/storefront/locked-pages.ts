import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ContentAccess, UNLOCK_COOKIE } from '../security/content-access';
import { PASSWORD_HASHER, type PasswordHasher } from '../security/password-hasher';

export { UNLOCK_COOKIE };
const MAX_UNLOCKED = 20;

/**
 * Lock screens (page type 103). A right password earns a cookie holding, per page, an HMAC keyed
 * by the page's stored password hash: it proves the visitor knew the password without storing it,
 * and changing the password locks everyone out again. Whether a visitor may read a page is
 * ContentAccess's to say (the one access check of every path that reads content).
 */
@Injectable()
export class LockedPages {
  constructor(
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    private readonly access: ContentAccess,
  ) {}

  async isUnlocked(req: FastifyRequest, collectionId: string): Promise<boolean> {
    return this.access.readerFor(req).isUnlocked(collectionId);
  }

  /** Checks the password ('' or one past 200 characters is never right); on success adds the page to the visitor's unlock cookie. */
  async unlock(req: FastifyRequest, res: FastifyReply, collectionId: string, password: string, secure: boolean): Promise<boolean> {
    if (password.length === 0 || password.length > 200) return false;
    const hash = await this.access.passwordHashOf(collectionId);
    if (typeof hash !== 'string' || !(await this.hasher.verify(password, hash))) return false;
    const entries = ContentAccess.unlockEntries(req);
    entries.set(collectionId, ContentAccess.proof(collectionId, hash));
    const value = [...entries].slice(-MAX_UNLOCKED).map(([id, p]) => `${id}~${p}`).join('|');
    res.setCookie(UNLOCK_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
    return true;
  }
}
