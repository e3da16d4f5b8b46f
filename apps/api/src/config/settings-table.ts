import { SETTINGS, type Setting } from './settings';

/** Where the generated table sits in README.md. */
export const TABLE_BEGIN = '<!-- settings table: generated from apps/api/src/config/settings.ts by `npm run docs:config`; do not edit by hand -->';
export const TABLE_END = '<!-- end of settings table -->';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The README's configuration table: one row per setting, in the list's order. */
export function settingsTable(): string {
  const rows = (Object.values(SETTINGS) as Setting<unknown>[]).map(
    (s) => `| \`${s.name}\` | ${cell(s.defaultText)} | ${cell(s.accepts)} | ${cell(s.usedBy)} | ${cell(s.description)} |`,
  );
  return ['| Variable | Default | Accepts | Used by | Meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** `readme` with the text between the table's markers replaced by the current table. */
export function withSettingsTable(readme: string): string {
  const begin = readme.indexOf(TABLE_BEGIN);
  const end = readme.indexOf(TABLE_END);
  if (begin < 0 || end < begin) throw new Error(`README.md has no settings table markers (${TABLE_BEGIN} … ${TABLE_END})`);
  return `${readme.slice(0, begin + TABLE_BEGIN.length)}\n${settingsTable()}\n${readme.slice(end)}`;
}
