import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  accountError, checkNewPassword, isValidEmail, normalizeEmail, OWNER_ACCOUNT_STREAM_TYPE, ownerAccountDecider,
  ownerAccountStreamId, ownerSummary, type DomainError, type OwnerSummary,
} from '@storefront/domain';
import { randomUUID } from 'node:crypto';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { PASSWORD_HASHER, type PasswordHasher } from '../../security/password-hasher';
import { RegisterOwnerCommand } from './register-owner.command';

export type RegisterOwnerResult = { ok: true; owner: OwnerSummary; duplicate: boolean } | { ok: false; error: DomainError };

/**
 * Checks the password policy, hashes, and appends `OwnerAccountRegistered` to the email's stream.
 * The stream must not exist yet ('no_stream'), so of two concurrent registrations of one email
 * exactly one appends; the other reloads, decides again and gets OWNER_ALREADY_EXISTS.
 */
@CommandHandler(RegisterOwnerCommand)
export class RegisterOwnerHandler implements ICommandHandler<RegisterOwnerCommand, RegisterOwnerResult> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ context, email: rawEmail, password, roles }: RegisterOwnerCommand): Promise<RegisterOwnerResult> {
    // Cheap checks before the deliberately slow hash (decide checks the email again).
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email)) return { ok: false, error: accountError('INVALID_EMAIL') };
    const weak = checkNewPassword(password);
    if (weak) return { ok: false, error: weak };
    // A taken email needs no hash (every start's owner seeding asks). A client's retry of its own
    // command (a reused command id) goes on, to get its first answer back.
    if (context.commandIdIsNew !== false && (await this.executor.streamExists(ownerAccountStreamId(email)))) {
      return { ok: false, error: accountError('OWNER_ALREADY_EXISTS') };
    }

    const result = await this.executor.execute({
      streamId: ownerAccountStreamId(email),
      streamType: OWNER_ACCOUNT_STREAM_TYPE,
      decider: ownerAccountDecider,
      command: {
        type: 'RegisterOwnerAccount',
        data: { ownerId: randomUUID(), email, passwordHash: await this.hasher.hash(password), roles, now: new Date().toISOString() },
      },
      context,
    });
    if (!result.ok) return { ok: false, error: result.error };
    const owner = ownerSummary(result.state);
    if (!owner) throw new Error(`Owner account ${email} is not registered after registering`);
    return { ok: true, owner, duplicate: result.duplicate };
  }
}
