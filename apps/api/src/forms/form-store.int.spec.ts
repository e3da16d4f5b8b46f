import { parseFormDefinition, type FormDefinition, type SubmitForm } from '@storefront/domain';
import { createEventStore, openDatabase, type CommandContext, type Database, type EventStore } from '@storefront/eventstore';
import { createTestDatabase, describeEachDriver, eventually, testCommandContext, type TestDatabase } from '@storefront/eventstore/testing';
import { randomUUID } from 'node:crypto';
import { CommandExecutor } from '../infrastructure/command-executor';
import { DomainException } from '../infrastructure/http/domain-exception';
import { FORM_DEFINITION_MAX_AGE_MS, FormStore } from './form-store';

function definition(id: string, title: string): FormDefinition {
  const parsed = parseFormDefinition(id, {
    name: 'Contact',
    fields: [
      { id: 'email', type: 'email', title, required: true },
      { id: 'message', type: 'textarea', title: 'Message', maxLength: 50 },
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
}

const errorCode = (e: unknown) => (e instanceof DomainException ? e.error.code : String(e));

/**
 * The forms' streams as two API processes see them: each "process" is its own FormStore, executor
 * and event store (on PostgreSQL its own connection pool and listener), on one database.
 */
describeEachDriver('FormStore: form definitions across processes, and submissions committed together', (driver) => {
  let t: TestDatabase;
  let otherDb: Database;
  const processes: { forms: FormStore; store: EventStore }[] = [];

  async function process(db: Database, listen = true): Promise<{ forms: FormStore; store: EventStore }> {
    const store = createEventStore(db);
    const forms = new FormStore(new CommandExecutor(store), store, db);
    if (listen) await forms.onApplicationBootstrap();
    processes.push({ forms, store });
    return { forms, store };
  }

  beforeAll(async () => {
    t = await createTestDatabase(driver);
    otherDb = t.url ? await openDatabase({ databaseUrl: t.url }) : t.db;
  });
  afterAll(async () => {
    for (const p of processes) await p.forms.onApplicationShutdown();
    if (otherDb !== t.db) await otherDb.close();
    await t.dispose();
  });
  afterEach(() => jest.restoreAllMocks());

  const create = (forms: FormStore, id: string, title = 'Email') =>
    forms.define(testCommandContext(), { type: 'CreateForm', data: { definition: definition(id, title), now: new Date().toISOString() } });
  const change = (forms: FormStore, id: string, title: string) =>
    forms.define(testCommandContext(), { type: 'ChangeForm', data: { definition: definition(id, title), now: new Date().toISOString() } });
  const submitCommand = (form: FormDefinition, version: number, values: unknown, submissionId = randomUUID()): SubmitForm => ({
    type: 'SubmitForm', data: { submissionId, form, formVersion: version, values, page: {}, visitorId: randomUUID(), now: new Date().toISOString() },
  });
  const visitorContext = (): CommandContext => ({ ...testCommandContext(), commandIdIsNew: true });

  it("sees another process's change once its notification arrives, and checks again after FORM_DEFINITION_MAX_AGE_MS without one", async () => {
    const a = await process(t.db);
    const b = await process(otherDb);
    const deaf = await process(otherDb, false);
    await create(a.forms, 'f1', 'Email v1');
    expect((await b.forms.requireForSubmission('f1')).version).toBe(1);
    expect((await deaf.forms.requireForSubmission('f1')).version).toBe(1);

    // Cached: visitors' calls of one form cost no query while nothing changes (at most one shared
    // check, when the creation's own notification arrives after the first look, as on PostgreSQL).
    const versionQueries = jest.spyOn(b.store, 'streamVersion');
    await Promise.all(Array.from({ length: 20 }, () => b.forms.requireForSubmission('f1')));
    await Promise.all(Array.from({ length: 20 }, () => b.forms.requireForSubmission('f1')));
    expect(versionQueries.mock.calls.length).toBeLessThanOrEqual(1);

    await change(a.forms, 'f1', 'Email v2');
    // The owner's routes read the stream's version every time.
    expect((await b.forms.require('f1')).form.fields[0]!.title).toBe('Email v2');
    // The listening process drops its entry on the notification.
    await eventually(async () => (await b.forms.requireForSubmission('f1')).version === 2);

    // A process that missed the notification answers from its entry for at most the bound…
    expect((await deaf.forms.requireForSubmission('f1')).version).toBe(1);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + FORM_DEFINITION_MAX_AGE_MS);
    // …then checks the stream again.
    const fresh = await deaf.forms.requireForSubmission('f1');
    expect(fresh.version).toBe(2);
    expect(fresh.form.fields[0]!.title).toBe('Email v2');
  });

  it('answers 404 FORM_NOT_CONFIGURED for an unknown form every time, and finds it once another process creates it', async () => {
    const a = await process(t.db);
    const b = await process(otherDb);
    await expect(b.forms.requireForSubmission('later')).rejects.toMatchObject({ error: { code: 'FORM_NOT_CONFIGURED' } });
    await create(a.forms, 'later');
    expect((await b.forms.requireForSubmission('later')).version).toBe(1);
  });

  it('commits concurrent submissions together, each key once: a key raced in one process, a key used in another, invalid answers', async () => {
    const a = await process(t.db);
    const b = await process(otherDb);
    const { form, version } = await create(a.forms, 'busy');
    const values = { email: 'ana@example.com', message: 'hello' };

    const usedElsewhere = randomUUID();
    await a.forms.submit(visitorContext(), submitCommand(form, version, values, usedElsewhere));
    const raced = randomUUID();
    const fresh = Array.from({ length: 40 }, () => randomUUID());
    const outcomes = await Promise.all([
      ...fresh.map((id) => b.forms.submit(visitorContext(), submitCommand(form, version, values, id)).then(() => 'ok', errorCode)),
      ...[1, 2, 3].map(() => b.forms.submit(visitorContext(), submitCommand(form, version, values, raced)).then(() => 'ok', errorCode)),
      b.forms.submit(visitorContext(), submitCommand(form, version, values, usedElsewhere)).then(() => 'ok', errorCode),
      b.forms.submit(visitorContext(), submitCommand(form, version, { email: 'not an email' })).then(() => 'ok', errorCode),
    ]);
    expect(outcomes.slice(0, 40)).toEqual(fresh.map(() => 'ok'));
    expect(outcomes.slice(40, 43).sort()).toEqual(['FORM_KEY_INVALID', 'FORM_KEY_INVALID', 'ok']);
    expect(outcomes[43]).toBe('FORM_KEY_INVALID');
    expect(outcomes[44]).toBe('FORM_INVALID');

    const { rows } = await t.db.query<{ stream_id: string; n: string }>(
      `SELECT stream_id, count(*) AS n FROM events WHERE event_type = 'FormSubmitted' AND data->>'formId' = 'busy' GROUP BY stream_id`,
    );
    expect(rows).toHaveLength(42);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
  });

  it('answers a retried submission (Idempotency-Key: the same command id) as the first, without a second append', async () => {
    const a = await process(t.db);
    const { form, version } = await create(a.forms, 'retried');
    const context = { ...testCommandContext(), commandIdIsNew: false };
    const command = submitCommand(form, version, { email: 'ana@example.com' });
    await a.forms.submit(context, command);
    await a.forms.submit(context, command);
    const { rows } = await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE stream_id = $1`, [`form-submission-${command.data.submissionId}`]);
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
