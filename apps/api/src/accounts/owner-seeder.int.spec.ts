import type { CommandBus } from '@nestjs/cqrs';
import { OWNER_ACCOUNT_STREAM_TYPE } from '@storefront/domain';
import { createEventStore, openDatabase, type Database } from '@storefront/eventstore';
import { createTestDatabase, describeEachDriver, type TestDatabase } from '@storefront/eventstore/testing';
import { loadConfig, type AppConfig } from '../config/app-config';
import type { RegisterOwnerCommand } from './commands/register-owner.command';
import { CommandExecutor } from '../infrastructure/command-executor';
import { RegisterOwnerHandler } from './commands/register-owner.handler';
import { OwnerAccounts } from './owner-accounts';
import { OwnerSeeder } from './owner-seeder';
import { ScryptPasswordHasher } from '../security/password-hasher';

const hasher = new ScryptPasswordHasher({ logN: 10, r: 8, p: 1 });

/** A seeder wired as the app wires it, on `db`, writing to a captured output. */
function seederOn(db: Database, env: NodeJS.ProcessEnv) {
  const config: AppConfig = loadConfig({ LOG_LEVEL: 'silent', OWNER_EMAIL: 'Owner@Example.com', ...env });
  const handler = new RegisterOwnerHandler(new CommandExecutor(createEventStore(db)), hasher);
  const bus = { execute: (command: RegisterOwnerCommand) => handler.execute(command) } as unknown as CommandBus;
  const printed: string[] = [];
  return { seeder: new OwnerSeeder(config, bus, (text) => printed.push(text)), printed };
}

describeEachDriver('OwnerSeeder', (driver) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(driver);
  });
  afterEach(async () => {
    await database.dispose();
  });

  const ownerStreams = async () =>
    (await database.db.query<{ stream_id: string }>('SELECT stream_id FROM streams WHERE stream_type = $1', [OWNER_ACCOUNT_STREAM_TYPE])).rows;

  it('creates the owner as admin with a random password printed once, and never again on later starts', async () => {
    const first = seederOn(database.db, {});
    expect(await first.seeder.seed()).toBe('created');
    expect(first.printed).toHaveLength(1);
    const match = /^Owner account created: owner@example\.com \/ (\S+) \(shown once\)\n$/.exec(first.printed[0]!);
    expect(match).not.toBeNull();
    const password = match![1]!;
    expect(password.length).toBeGreaterThanOrEqual(20);

    const account = await new OwnerAccounts(createEventStore(database.db)).byEmail('owner@example.com');
    expect(account).toMatchObject({ status: 'registered', email: 'owner@example.com', roles: ['admin'] });
    expect(account.status === 'registered' && (await hasher.verify(password, account.passwordHash))).toBe(true);

    const later = seederOn(database.db, {});
    await later.seeder.onApplicationBootstrap();
    expect(later.printed).toEqual([]);
    expect(await later.seeder.seed()).toBe('exists');
    expect(await ownerStreams()).toHaveLength(1);
  });

  it('uses OWNER_PASSWORD when set and prints no password', async () => {
    const { seeder, printed } = seederOn(database.db, { OWNER_PASSWORD: 'correct horse battery staple' });
    expect(await seeder.seed()).toBe('created');
    expect(printed).toEqual([]);
    const account = await new OwnerAccounts(createEventStore(database.db)).byEmail('owner@example.com');
    expect(account.status === 'registered' && (await hasher.verify('correct horse battery staple', account.passwordHash))).toBe(true);
  });

  it('is safe when two processes start at once: one account, one printed password', async () => {
    // On a server, the second "process" gets its own connection pool.
    const second = database.url ? await openDatabase({ databaseUrl: database.url }) : database.db;
    try {
      const a = seederOn(database.db, {});
      const b = seederOn(second, {});
      const outcomes = await Promise.all([a.seeder.seed(), b.seeder.seed()]);
      expect(outcomes.sort()).toEqual(['created', 'exists']);
      expect([...a.printed, ...b.printed]).toHaveLength(1);
      expect(await ownerStreams()).toHaveLength(1);
    } finally {
      if (second !== database.db) await second.close();
    }
  });

  it('refuses to start with an OWNER_PASSWORD shorter than 12 characters', async () => {
    const { seeder } = seederOn(database.db, { OWNER_PASSWORD: 'short' });
    await expect(seeder.seed()).rejects.toThrow(/at least 12 characters/);
    expect(await ownerStreams()).toHaveLength(0);
  });

  it('does nothing in a worker process', async () => {
    const { seeder, printed } = seederOn(database.db, { ROLE: 'worker' });
    await seeder.onApplicationBootstrap();
    expect(printed).toEqual([]);
    expect(await ownerStreams()).toHaveLength(0);
  });
});
