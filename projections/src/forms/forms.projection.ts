import {
  answerText, FORM_EVENT_TYPES, type FormChanged, type FormCreated, type FormDefinition, type FormField, type FormSubmissionDeleted,
  type FormSubmitted, type NewsletterSignedUp, type RestockSignedUp, type RestockSignUpErased,
} from '@storefront/domain';
import type { RecordedEvent, SqlExecutor } from '@storefront/eventstore';
import type { Projection } from '../runner/projection';
import { deleteRows, insertRows, upsertRows } from '../runner/sql-batch';
import { quoteIdent } from '../runner/sql-identifier';

/**
 * The forms' read models:
 * - `forms`: one row per form with its definition (the owner list; the published pages' form blocks).
 * - `form_submissions`: one row per submission that was not deleted, its answers as data (jsonb),
 *   never markup; deleting a submission appends FormSubmissionDeleted and this removes the row.
 * - `mailing_list`: one row per email signed up through a newsletter form (lowercased): signing up
 *   twice keeps one row (the first sign-up's date, the latest name given). A back-in-stock sign-up
 *   that opted in (RestockSignedUp with joinedMailingList) adds its address the same way, with
 *   `form_id` 'restock' and the sign-up's id as `submission_id`; when the owner erases that
 *   sign-up (RestockSignUpErased) the row it added goes too (a row a newsletter form added stays).
 */
/** `form_id` of mailing-list rows added by a back-in-stock sign-up. */
export const RESTOCK_MAILING_LIST_SOURCE = 'restock';
export const FORMS = 'forms';
export const FORM_SUBMISSIONS = 'form_submissions';
export const MAILING_LIST = 'mailing_list';

export const formsProjection: Projection = {
  name: 'forms',
  version: 2,
  tables: [
    {
      name: FORMS,
      columns: 'id text primary key, name text not null, kind text not null, definition jsonb not null, version integer not null, updated_at timestamptz not null',
      orderBy: ['id'],
    },
    {
      name: FORM_SUBMISSIONS,
      columns:
        'submission_id text primary key, form_id text not null, form_version integer not null, answers jsonb not null, page jsonb not null, ' +
        'visitor_id text not null, submitted_at timestamptz not null, position bigint not null, unique (form_id, position)',
      orderBy: ['submission_id'],
    },
    {
      name: MAILING_LIST,
      columns: 'email text primary key, name text not null, form_id text not null, submission_id text not null, signed_up_at timestamptz not null, last_signed_up_at timestamptz not null',
      orderBy: ['email'],
    },
  ],
  eventTypes: [...FORM_EVENT_TYPES, 'RestockSignedUp', 'RestockSignUpErased'],
  async apply(events: RecordedEvent[], { tx, table }) {
    // Runs of one kind are written in one statement, in log order.
    let forms = new Map<string, Record<string, unknown>>();
    let submissions: Record<string, unknown>[] = [];
    const flush = async () => {
      await upsertRows(tx, table(FORMS), [...forms.values()], ['id']);
      await insertRows(tx, table(FORM_SUBMISSIONS), submissions, { onConflict: 'nothing' });
      forms = new Map();
      submissions = [];
    };
    for (const event of events) {
      switch (event.type) {
        case 'FormCreated':
        case 'FormChanged': {
          const { definition, at } = (event as RecordedEvent<(FormCreated | FormChanged)['data']>).data;
          forms.set(definition.id, { id: definition.id, name: definition.name, kind: definition.kind, definition, version: event.streamPosition, updated_at: at });
          break;
        }
        case 'FormSubmitted': {
          const d = (event as RecordedEvent<FormSubmitted['data']>).data;
          submissions.push({
            submission_id: d.submissionId, form_id: d.formId, form_version: d.formVersion, answers: d.values, page: d.page,
            visitor_id: d.visitorId, submitted_at: d.at, position: event.globalPosition,
          });
          break;
        }
        case 'FormSubmissionDeleted': {
          await flush();
          const d = (event as RecordedEvent<FormSubmissionDeleted['data']>).data;
          await deleteRows(tx, table(FORM_SUBMISSIONS), ['submission_id'], [{ submission_id: d.submissionId }]);
          break;
        }
        case 'NewsletterSignedUp': {
          await flush();
          const d = (event as RecordedEvent<NewsletterSignedUp['data']>).data;
          await tx.query(
            `INSERT INTO ${quoteIdent(table(MAILING_LIST))} (email, name, form_id, submission_id, signed_up_at, last_signed_up_at)
             VALUES ($1, $2, $3, $4, $5, $5)
             ON CONFLICT (email) DO UPDATE SET
               name = CASE WHEN excluded.name <> '' THEN excluded.name ELSE ${quoteIdent(table(MAILING_LIST))}.name END,
               last_signed_up_at = greatest(${quoteIdent(table(MAILING_LIST))}.last_signed_up_at, excluded.last_signed_up_at)`,
            [d.email, d.name, d.formId, d.submissionId, d.at],
          );
          break;
        }
        case 'RestockSignedUp': {
          const d = (event as RecordedEvent<RestockSignedUp['data']>).data;
          if (!d.joinedMailingList) break;
          await flush();
          const list = quoteIdent(table(MAILING_LIST));
          await tx.query(
            `INSERT INTO ${list} (email, name, form_id, submission_id, signed_up_at, last_signed_up_at)
             VALUES ($1, '', $2, $3, $4, $4)
             ON CONFLICT (email) DO UPDATE SET last_signed_up_at = greatest(${list}.last_signed_up_at, excluded.last_signed_up_at)`,
            [d.email, RESTOCK_MAILING_LIST_SOURCE, d.signUpId, d.at],
          );
          break;
        }
        case 'RestockSignUpErased': {
          await flush();
          const d = (event as RecordedEvent<RestockSignUpErased['data']>).data;
          await tx.query(`DELETE FROM ${quoteIdent(table(MAILING_LIST))} WHERE form_id = $1 AND submission_id = $2`, [RESTOCK_MAILING_LIST_SOURCE, d.signUpId]);
          break;
        }
        default:
          break;
      }
    }
    await flush();
  },
};

export type FormListRow = { id: string; name: string; kind: string; version: number; updatedAt: string; submissions: number };

export async function readFormList(db: SqlExecutor): Promise<FormListRow[]> {
  const { rows } = await db.query<{ id: string; name: string; kind: string; version: number; updated_at: Date; submissions: string }>(
    `SELECT f.id, f.name, f.kind, f.version, f.updated_at,
            (SELECT count(*) FROM ${FORM_SUBMISSIONS} s WHERE s.form_id = f.id) AS submissions
       FROM ${FORMS} f ORDER BY lower(f.name), f.id`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, kind: r.kind, version: r.version, updatedAt: new Date(r.updated_at).toISOString(), submissions: Number(r.submissions) }));
}

/** The definitions of these forms as the read model has them (missing ids are left out). */
export async function readFormDefinitions(db: SqlExecutor, ids: readonly string[]): Promise<FormDefinition[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ definition: FormDefinition }>(`SELECT definition FROM ${FORMS} WHERE id = ANY($1::text[])`, [[...ids]]);
  return rows.map((r) => r.definition);
}

export type SubmissionRow = {
  id: string;
  formId: string;
  submittedAt: string;
  values: Record<string, unknown>;
  page: Record<string, unknown>;
};

/** One page of a form's submissions, newest first. */
export async function readSubmissions(db: SqlExecutor, formId: string, page: number, pageSize: number): Promise<{ total: number; submissions: SubmissionRow[] }> {
  const [{ rows: count }, { rows }] = [
    await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${FORM_SUBMISSIONS} WHERE form_id = $1`, [formId]),
    await db.query<{ submission_id: string; form_id: string; submitted_at: Date; answers: Record<string, unknown>; page: Record<string, unknown> }>(
      `SELECT submission_id, form_id, submitted_at, answers, page FROM ${FORM_SUBMISSIONS}
        WHERE form_id = $1 ORDER BY position DESC LIMIT $2 OFFSET $3`,
      [formId, pageSize, (page - 1) * pageSize],
    ),
  ];
  return {
    total: Number(count[0]?.n ?? 0),
    submissions: rows.map((r) => ({ id: r.submission_id, formId: r.form_id, submittedAt: new Date(r.submitted_at).toISOString(), values: r.answers, page: r.page })),
  };
}

/** Every submission of a form in submission order, in batches (the CSV export). */
export async function* readAllSubmissions(db: SqlExecutor, formId: string, batch = 500): AsyncGenerator<SubmissionRow[]> {
  let after = -1;
  for (;;) {
    const { rows } = await db.query<{ submission_id: string; form_id: string; submitted_at: Date; answers: Record<string, unknown>; page: Record<string, unknown>; position: string }>(
      `SELECT submission_id, form_id, submitted_at, answers, page, position FROM ${FORM_SUBMISSIONS}
        WHERE form_id = $1 AND position > $2 ORDER BY position LIMIT $3`,
      [formId, after, batch],
    );
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]!.position);
    yield rows.map((r) => ({ id: r.submission_id, formId: r.form_id, submittedAt: new Date(r.submitted_at).toISOString(), values: r.answers, page: r.page }));
    if (rows.length < batch) return;
  }
}

export type MailingListRow = { email: string; name: string; formId: string; signedUpAt: string; lastSignedUpAt: string };

export async function readMailingList(db: SqlExecutor, page: number, pageSize: number): Promise<{ total: number; entries: MailingListRow[] }> {
  const { rows: count } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${MAILING_LIST}`);
  const { rows } = await db.query<{ email: string; name: string; form_id: string; signed_up_at: Date; last_signed_up_at: Date }>(
    `SELECT email, name, form_id, signed_up_at, last_signed_up_at FROM ${MAILING_LIST} ORDER BY signed_up_at DESC, email LIMIT $1 OFFSET $2`,
    [pageSize, (page - 1) * pageSize],
  );
  return {
    total: Number(count[0]?.n ?? 0),
    entries: rows.map((r) => ({ email: r.email, name: r.name, formId: r.form_id, signedUpAt: new Date(r.signed_up_at).toISOString(), lastSignedUpAt: new Date(r.last_signed_up_at).toISOString() })),
  };
}

/**
 * A CSV cell: quoted, quotes doubled, and a cell a spreadsheet would run as a formula (starting
 * with = + - @, a tab or a carriage return) gets a leading apostrophe so it stays text.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The CSV header and rows of submissions: submitted at, then one column per answered field. */
export function submissionsCsv(fields: readonly FormField[], rows: readonly SubmissionRow[], withHeader: boolean): string {
  const answered = fields.filter((f) => f.type !== 'section');
  const lines: string[] = [];
  if (withHeader) lines.push(['Submitted at', ...answered.map((f) => f.title || f.id)].map(csvCell).join(','));
  for (const row of rows) {
    const values = row.values as Record<string, Parameters<typeof answerText>[1]>;
    lines.push([row.submittedAt, ...answered.map((f) => answerText(f, values[f.id]))].map(csvCell).join(','));
  }
  return lines.map((l) => `${l}\r\n`).join('');
}
