/**
 * One place per string: no value of the strings catalogue (STRINGS) or of the error catalogue
 * (ERROR_MESSAGES) may be written as a literal anywhere else in domain/src, apps/api/src or
 * web/src. Sources are scanned for string literals outside comments (a whole literal equal to a
 * catalogue value), templates (.jsont) for text nodes equal to one; spec files are not scanned.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ERROR_MESSAGES } from './error-catalogue';
import { LOCALIZED_STRING_DEFAULTS, STRINGS } from './strings';

const ROOT = resolve(__dirname, '../../..');
const SCANNED = ['domain/src', 'apps/api/src', 'web/src'];
// The bot check's messages are written in domain/src/bot-check; the error catalogue refers to them.
const CATALOGUES = new Set(['domain/src/shared/strings.ts', 'domain/src/shared/commerce-strings.ts', 'domain/src/shared/error-catalogue.ts', 'domain/src/bot-check/index.ts']);

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

const CATALOGUE_VALUES = new Set([...leaves(STRINGS), ...leaves(ERROR_MESSAGES)]);

/** The same words with another meaning, not a copy of the catalogue's text. */
const NOT_COPIES: Record<string, string[]> = {
  // The product status mark's tag ('sold-out' | 'sale'), not the 'sale' label shown.
  'domain/src/catalog/product-rules.ts': ['sale'],
  'apps/api/src/theme/product-view.ts': ['sale'],
  // The newsletter block's own button default, not the restock form's.
  'apps/api/src/theme/templates/partials/block-newsletter.jsont': ['Sign Up'],
  // The editor's name for an html block of paragraphs, not the 'Text' field of a post's body.
  'web/src/owner/features/page-editor/block-types.ts': ['Text'],
  // The form builder's names of field types (SPEC 3 builder field types), not a post's 'Text', the
  // currency setting or the shipping address's first line.
  'web/src/owner/features/forms/form-draft.ts': ['Text', 'Currency', 'Address'],
  // The form builder's names of a field's properties: its title, a hidden field's value and the
  // 'required' flag, not a post's title, a gift card's value or the validation message 'Required'.
  'web/src/owner/features/forms/forms-screens.tsx': ['Title', 'Value', 'Required'],
  // The back-in-stock mail's own words in four languages (English among them), not the product page's variant price label.
  'domain/src/restock/notification-mail.ts': ['Price'],
};

const mayWrite = (file: string, piece: string) => NOT_COPIES[file]?.includes(piece) ?? false;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : files(path);
    return /\.(tsx?|jsont)$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The string literals of a TypeScript source, outside comments (template literals only without `${`). */
export function stringLiterals(source: string): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
    } else if (c === '/' && next === '*') {
      i = source.indexOf('*/', i + 2);
      if (i < 0) break;
      i += 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      let text = '';
      let interpolated = false;
      while (j < source.length && source[j] !== c) {
        if (source[j] === '\\') {
          text += source[j + 1] ?? '';
          j += 2;
          continue;
        }
        if (c !== '`' && source[j] === '\n') break;
        if (c === '`' && source[j] === '$' && source[j + 1] === '{') interpolated = true;
        text += source[j];
        j += 1;
      }
      if (!interpolated) found.push(text);
      i = j + 1;
    } else {
      i += 1;
    }
  }
  return found;
}

/** The text between tags and directives of a JSON-Template, comments removed, trimmed. */
export function templateTexts(source: string): string[] {
  return source
    .replace(/\{##[\s\S]*?##\}/g, '')
    .split(/[<>{}]/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

describe('the strings catalogue', () => {
  it('has no value twice, within it or across it and the error catalogue', () => {
    const strings = leaves(STRINGS);
    expect(new Set(strings).size).toBe(strings.length);
    const errors = new Set(leaves(ERROR_MESSAGES));
    expect(strings.filter((s) => errors.has(s))).toEqual([]);
  });

  it('feeds localizedStrings from its own values', () => {
    const values = new Set(leaves(STRINGS));
    expect(Object.values(LOCALIZED_STRING_DEFAULTS).filter((v) => !values.has(v))).toEqual([]);
  });

  it('finds literals and template text, not comments', () => {
    expect(stringLiterals(`// 'Sold Out'\n/* "Add To Cart" */ const a = 'Sold Out'; const b = \`x\${a}\`; const c = "Add To Cart";`)).toEqual([
      'Sold Out',
      'Add To Cart',
    ]);
    expect(templateTexts('{## Sold Out ##}<p>Sold Out</p><label>{x} Agree</label>')).toEqual(['p', 'Sold Out', '/p', 'label', 'x', 'Agree', '/label']);
  });

  it('is the only place its strings and the error messages are written in domain, api and web sources', () => {
    const copies: string[] = [];
    for (const dir of SCANNED) {
      for (const path of files(join(ROOT, dir))) {
        const file = relative(ROOT, path);
        if (CATALOGUES.has(file)) continue;
        const source = readFileSync(path, 'utf8');
        const pieces = file.endsWith('.jsont') ? templateTexts(source) : stringLiterals(source);
        for (const piece of pieces) if (CATALOGUE_VALUES.has(piece) && !mayWrite(file, piece)) copies.push(`${file}: ${JSON.stringify(piece)}`);
      }
    }
    expect(copies).toEqual([]);
  });
});
