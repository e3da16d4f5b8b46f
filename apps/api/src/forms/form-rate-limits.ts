import { Inject, Injectable } from '@nestjs/common';
import { Buckets } from '../infrastructure/token-buckets';
import { FORMS_SETTINGS, type FormSettings } from './form-settings';

/**
 * The forms' limits (SPEC 8 429 'Unable to submit form. Submission rate limit exceeded.'): per
 * visitor over saves, per visitor over keys and validations (five times looser: a visitor may
 * validate and fetch a key for every attempt), and per form over every visitor's saves.
 */
@Injectable()
export class FormRateLimits {
  private readonly visitorSaves: Buckets;
  private readonly visitorCalls: Buckets;
  private readonly formSaves: Buckets;
  /** Calls without a visitor cookie (a first key), per client address: several visitors may share one. */
  private readonly newVisitors = new Buckets({ burst: 100, refillPerSecond: 10 });

  constructor(@Inject(FORMS_SETTINGS) settings: FormSettings) {
    const { burst, refillPerSecond } = settings.visitorRateLimit;
    this.visitorSaves = new Buckets(settings.visitorRateLimit);
    this.visitorCalls = new Buckets({ burst: burst * 5, refillPerSecond: refillPerSecond * 5 });
    this.formSaves = new Buckets(settings.formRateLimit, 10_000);
  }

  save(visitorKey: string): boolean {
    return this.visitorSaves.take(visitorKey);
  }

  call(visitorKey: string): boolean {
    return visitorKey.startsWith('ip:') ? this.newVisitors.take(visitorKey) : this.visitorCalls.take(visitorKey);
  }

  form(formId: string): boolean {
    return this.formSaves.take(formId);
  }
}
