import { Inject, Injectable } from '@nestjs/common';
import { domainError, MAX_PASSWORD_LENGTH } from '@storefront/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainException } from '../infrastructure/http/domain-exception';
import type { AppRequest } from '../infrastructure/http/request-context';
import { OwnerAccounts } from './owner-accounts';
import { PASSWORD_HASHER, type PasswordHasher } from '../security/password-hasher';
import { SignInThrottle, tooManyAttemptsMessage } from './sign-in-throttle';

/**
 * Admin-only actions (creating owner accounts, changing roles) need the signed-in owner's password
 * again, sent as `currentPassword`: a session alone is not enough, so a script that runs in an
 * owner's browser (or a borrowed, unlocked computer) cannot grant itself an account. Checked with
 * the sign-in's hasher and throttle (per email and per client IP), so it is no faster way to guess.
 * Missing or wrong: 403 PASSWORD_CONFIRMATION_FAILED; too many failures: 429.
 */
@Injectable()
export class PasswordConfirmation {
  constructor(
    private readonly accounts: OwnerAccounts,
    private readonly throttle: SignInThrottle,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async require(req: AppRequest, currentPassword: unknown): Promise<void> {
    const owner = req.state.owner;
    if (!owner) throw new DomainException(domainError('UNAUTHENTICATED'));
    if (typeof currentPassword !== 'string' || currentPassword === '' || currentPassword.length > MAX_PASSWORD_LENGTH) {
      throw new DomainException(domainError('PASSWORD_CONFIRMATION_FAILED', { field: 'currentPassword' }));
    }
    const ip = req.ip || req.socket.remoteAddress || 'unknown';
    const verdict = await this.throttle.attempt(owner.email, ip);
    if (verdict.locked) {
      const { retryAfterSeconds } = verdict;
      throw new DomainException(domainError('TOO_MANY_SIGN_IN_ATTEMPTS', { retryAfterSeconds }, tooManyAttemptsMessage(retryAfterSeconds)));
    }
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);
    const account = await this.accounts.byEmail(owner.email);
    if (account.status !== 'registered' || !(await this.hasher.verify(currentPassword, account.passwordHash))) {
      throw new DomainException(
        domainError('PASSWORD_CONFIRMATION_FAILED', { field: 'currentPassword' }, 'That is not your current password. Please enter it again to confirm this change.'),
      );
    }
    await this.throttle.succeeded(owner.email, ip);
  }
}
