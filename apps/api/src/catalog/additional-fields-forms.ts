import { Inject, Injectable } from '@nestjs/common';
import { domainError, FORM_ID_PATTERN, formStreamId } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';

/**
 * A product's additional-fields form (issue 14) must be one of the site's forms: its stream exists
 * (forms are never deleted; the stream, not the read model, so a form created a moment ago counts).
 * Otherwise 400 ADDITIONAL_FIELDS_FORM_NOT_FOUND, naming the field and the id.
 */
@Injectable()
export class AdditionalFieldsForms {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async require(formId: string | null | undefined): Promise<void> {
    if (formId === null || formId === undefined) return;
    const exists = FORM_ID_PATTERN.test(formId) && (await this.store.streamVersion(formStreamId(formId))) > 0;
    if (!exists) throw new DomainException(domainError('ADDITIONAL_FIELDS_FORM_NOT_FOUND', { field: 'additionalFieldsFormId', formId: formId.slice(0, 100) }));
  }
}
