import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { settingsTable, TABLE_BEGIN, TABLE_END, withSettingsTable } from './settings-table';

const README = join(__dirname, '../../../../README.md');

describe('the README configuration table', () => {
  it('is the one generated from the settings list (run `npm run docs:config` after changing settings.ts)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toContain(TABLE_BEGIN);
    expect(readme).toContain(TABLE_END);
    expect(readme).toBe(withSettingsTable(readme));
  });

  it('has one row per setting, with its default, what it accepts, who reads it and what it does', () => {
    const table = settingsTable();
    expect(table.split('\n')[0]).toBe('| Variable | Default | Accepts | Used by | Meaning |');
    expect(table).toContain('| `CART_RATE_LIMIT_BURST` | `40` | an integer, 0 or more | cart | ');
    expect(table).toContain('| `ROLE` | `all` | one of `all`, `api`, `worker` | process | ');
    for (const line of table.split('\n').slice(2)) expect(line.split(' | ')).toHaveLength(5);
  });
});
