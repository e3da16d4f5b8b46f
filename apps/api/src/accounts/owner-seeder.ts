import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomBytes, randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RegisterOwnerCommand } from './commands/register-owner.command';
import type { RegisterOwnerResult } from './commands/register-owner.handler';

/** Where the one-time generated password is shown (the start-up notices; tests capture it). */
export const OWNER_SEED_OUTPUT = Symbol('OWNER_SEED_OUTPUT');
export type SeedOutput = (text: string) => void;

export type OwnerSeedOutcome = 'created' | 'exists';

/**
 * Makes sure the configured owner (OWNER_EMAIL) can sign in on first start: registers it as
 * admin with OWNER_PASSWORD, or with a random password printed once. The registration itself
 * is the "already seeded" marker, so later starts (and a second process starting at the same
 * time, which loses the 'no_stream' race) register nothing and print nothing.
 */
@Injectable()
export class OwnerSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('OwnerSeeder');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandBus,
    @Inject(OWNER_SEED_OUTPUT) private readonly output: SeedOutput,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'worker') return;
    await this.seed();
  }

  async seed(): Promise<OwnerSeedOutcome> {
    const generated = this.config.ownerPassword ? null : randomBytes(18).toString('base64url');
    const password = this.config.ownerPassword ?? generated!;
    const context = { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'system' as const, id: 'owner-seeder' } };
    const result = await this.commands.execute<RegisterOwnerCommand, RegisterOwnerResult>(
      new RegisterOwnerCommand(context, this.config.ownerEmail, password, ['admin']),
    );
    if (!result.ok) {
      if (result.error.code === 'OWNER_ALREADY_EXISTS') return 'exists';
      // A short OWNER_PASSWORD or a malformed OWNER_EMAIL: refuse to start rather than run unreachable.
      throw new Error(`Cannot create the owner account ${this.config.ownerEmail}: ${result.error.message} (check OWNER_EMAIL / OWNER_PASSWORD)`);
    }
    if (generated) this.output(`Owner account created: ${result.owner.email} / ${generated} (shown once)\n`);
    else this.logger.log(`Owner account created: ${result.owner.email}`);
    return 'created';
  }
}
