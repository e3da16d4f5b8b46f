import { Inject, Injectable } from '@nestjs/common';
import { publicForm, type PublicForm } from '@storefront/domain';
import type { SqlExecutor } from '@storefront/eventstore';
import { readFormDefinitions } from '@storefront/projections';
import { DATABASE } from '../infrastructure/database/tokens';

/**
 * The forms a page shows (form and newsletter blocks' `formId`), from the forms' read model, as
 * the SPEC's Form entity (no owner-only storage settings): `value.form` of the block, in the
 * rendered page and in its `?format=json` context.
 */
@Injectable()
export class PublishedForms {
  constructor(@Inject(DATABASE) private readonly db: SqlExecutor) {}

  async byIds(ids: (string | null | undefined)[]): Promise<Map<string, PublicForm>> {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0))];
    if (wanted.length === 0) return new Map();
    const definitions = await readFormDefinitions(this.db, wanted);
    return new Map(definitions.map((d) => [d.id, publicForm(d)]));
  }
}
