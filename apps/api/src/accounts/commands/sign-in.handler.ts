import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { domainError, EMAIL_MAX_LENGTH, MAX_PASSWORD_LENGTH, normalizeEmail, type DomainError } from '@storefront/domain';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { OwnerSessionStore, type CreatedSession } from '../../security/owner-session.store';
import { OwnerAccounts } from '../owner-accounts';
import { PASSWORD_HASHER, type PasswordHasher } from '../../security/password-hasher';
import { SignInThrottle, tooManyAttemptsMessage } from '../sign-in-throttle';
import { SignInCommand } from './sign-in.command';

export type SignInResult = { ok: true; session: CreatedSession } | { ok: false; error: DomainError };

/**
 * Checks credentials and opens a session. A wrong email and a wrong password give the same
 * INVALID_CREDENTIALS and cost the same (an unknown email is checked against a dummy hash), so
 * neither the answer nor its timing tells which was wrong. Repeated failures are slowed and
 * then refused by SignInThrottle before any password is checked.
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, SignInResult> {
  /** A hash of a random password, made once: what unknown emails are checked against. */
  private dummyHash?: Promise<string>;

  constructor(
    private readonly accounts: OwnerAccounts,
    private readonly sessions: OwnerSessionStore,
    private readonly throttle: SignInThrottle,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ email: rawEmail, password: rawPassword, rememberMe, clientIp }: SignInCommand): Promise<SignInResult> {
    const email = rawEmail.length <= EMAIL_MAX_LENGTH ? normalizeEmail(rawEmail) : '';
    const password = rawPassword.length <= MAX_PASSWORD_LENGTH ? rawPassword : '';

    const verdict = await this.throttle.attempt(email, clientIp);
    if (verdict.locked) {
      const { retryAfterSeconds } = verdict;
      return { ok: false, error: domainError('TOO_MANY_SIGN_IN_ATTEMPTS', { retryAfterSeconds }, tooManyAttemptsMessage(retryAfterSeconds)) };
    }
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);

    const account = email ? await this.accounts.byEmail(email) : ({ status: 'unregistered' } as const);
    const hash = account.status === 'registered' ? account.passwordHash : await this.dummy();
    const passwordMatches = await this.hasher.verify(password, hash);
    if (account.status !== 'registered' || !passwordMatches) return { ok: false, error: domainError('INVALID_CREDENTIALS') };

    await this.throttle.succeeded(email, clientIp);
    const session = await this.sessions.create({ id: account.ownerId, email: account.email, roles: account.roles }, rememberMe);
    return { ok: true, session };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomBytes(24).toString('base64url'));
    return this.dummyHash;
  }
}
