/**
 * `datetimefield <field>`: one localized date or time field of an epoch-milliseconds value, written
 * as CLDR date field symbols (`{t|datetimefield MMMM}` → 'November', `EEE` → 'Thu', `dd` → '02';
 * in French 'novembre', 'jeu.'). The npm engine ships it as a no-op; this follows Squarespace's
 * former server formatter, with the time zone of the website (`website.timeZone`, default
 * America/New_York) like the engine's other date formatters. Quoted literals in the pattern are
 * CLDR's ('h' h) and several fields may be combined ('EEEE d').
 *
 * No argument, no CLDR, or a value that is not a finite number renders as ''.
 */
import { DEFAULT_TIME_ZONE } from '@storefront/domain';
import { Formatter, type Context, type Variable } from '@squarespace/template-engine';

export function websiteTimeZone(ctx: Context): string {
  const node = ctx.resolve(['website', 'timeZone']);
  return node.isMissing() || node.isNull() || node.asString() === '' ? DEFAULT_TIME_ZONE : node.asString();
}

export class DatetimeFieldFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0]!;
    const pattern = args.join(' ').trim();
    const epoch = first.node.asNumber();
    if (!ctx.cldr || pattern === '' || !Number.isFinite(epoch)) {
      first.set('');
      return;
    }
    const date = ctx.cldr.Calendars.toGregorianDate({ date: epoch, zoneId: websiteTimeZone(ctx) });
    first.set(ctx.cldr.Calendars.formatDateRaw(date, { pattern }));
  }
}

export const DATETIMEFIELD_FORMATTERS = {
  datetimefield: new DatetimeFieldFormatter(),
};
