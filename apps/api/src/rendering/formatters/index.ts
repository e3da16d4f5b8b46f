/**
 * The formatters this renderer adds to (or puts in place of) the npm engine's table. The engine
 * registers `datetimefield`, `i18n-money-format`, `money-format`, `moneyFormat`, `money-string`
 * and `unit` as no-ops; these are working implementations. `decimal` is the engine's own with the
 * server's `mode:` argument added. (`message`/`plural` gain a `unit` argument formatter through
 * the render context: see message-units.ts.)
 */
import type { FormatterTable } from '@squarespace/template-engine';
import type { CldrProvider } from '../cldr-locales';
import { DATETIMEFIELD_FORMATTERS } from './datetimefield';
import { DECIMAL_FORMATTERS } from './decimal';
import { i18nMoneyFormatters } from './i18n-money-format';
import { MONEY_FORMAT_FORMATTERS } from './money-format';
import { UNIT_FORMATTERS } from './unit';

export function storefrontFormatters(locales: CldrProvider): FormatterTable {
  return {
    ...MONEY_FORMAT_FORMATTERS,
    ...i18nMoneyFormatters(locales),
    ...DATETIMEFIELD_FORMATTERS,
    ...UNIT_FORMATTERS,
    ...DECIMAL_FORMATTERS,
  };
}
