/**
 * The template engines' fixture file format (Squarespace's template-engine and template-compiler
 * test resources): sections introduced by a line `:NAME`, each running to the next header.
 *
 *   :JSON        the context (JSON)               :TEMPLATE   the template source
 *   :OUTPUT      expected output, compared trimmed
 *   :PARTIALS    { name: template source }        :INJECT     { name: JSON text }
 *   :PARAMS      JSON { locale, now }             :PROPERTIES `key: value` / `key=value` lines
 *   :COMMENTS    free text, ignored
 *
 * A file with TEMPLATE and OUTPUT is a render fixture. A file with TEMPLATE and JSON but no
 * OUTPUT (`ast-*`, `pretty-*`) expects the parsed instruction tree in JSON; `pretty-*` also
 * expects it laid out by the engine's prettyJson. Anything else (the `.json` helper data of the
 * engine's commerce utility tests: one input per section, expected result in the section name)
 * is not a template fixture and is skipped.
 */

const HEADER = /^:([A-Za-z\d_-]+)\s*$/;

export type FixtureSections = Record<string, string>;

/** Splits a fixture file into its sections' raw text (without the header lines). */
export function parseFixtureSections(raw: string): FixtureSections {
  const sections: FixtureSections = {};
  let current: string | null = null;
  let lines: string[] = [];
  for (const line of raw.replace(/\r\n?/g, '\n').split('\n')) {
    const header = HEADER.exec(line);
    if (!header) {
      lines.push(line);
      continue;
    }
    if (current !== null) sections[current] = lines.join('\n');
    current = header[1]!;
    lines = [];
  }
  if (current !== null) sections[current] = lines.join('\n');
  return sections;
}

export type RenderFixture = {
  kind: 'render';
  template: string;
  json: unknown;
  partials: Record<string, string>;
  injects: Record<string, unknown>;
  /** undefined: the runner's default; null: render without CLDR (`"locale": "none"`). */
  locale: string | null | undefined;
  now: number | undefined;
  output: string;
};

export type AstFixture = {
  kind: 'ast';
  template: string;
  /** The expected instruction tree as written in the file (trimmed). */
  expected: string;
  /** Also compare the engine's prettyJson layout, with the indent the file uses. */
  pretty: boolean;
};

export type SkippedFixture = { kind: 'skip'; reason: string };

export type Fixture = RenderFixture | AstFixture | SkippedFixture;

export class FixtureFormatError extends Error {}

function parseJson(section: string, label: string): unknown {
  if (section.trim() === '') return {};
  try {
    return JSON.parse(section);
  } catch (cause) {
    throw new FixtureFormatError(`:${label} is not valid JSON (${(cause as Error).message})`);
  }
}

function parseObject(section: string, label: string): Record<string, unknown> {
  const value = parseJson(section, label);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new FixtureFormatError(`:${label} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** `key: value` or `key=value` lines, as in a Java properties file (no escapes or continuations). */
export function parseProperties(section: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of section.split('\n')) {
    const text = line.trim();
    if (text === '' || text.startsWith('#') || text.startsWith('!')) continue;
    const match = /^([^:=\s]+)\s*[:=]\s*(.*)$/.exec(text);
    if (match) out[match[1]!] = match[2]!;
  }
  return out;
}

function localeOf(value: unknown): string | null | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return value.trim() === 'none' ? null : value.trim();
}

function nowOf(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** Reads one fixture file's text. Throws FixtureFormatError when a section cannot be decoded. */
export function parseFixture(raw: string, fileName = ''): Fixture {
  const s = parseFixtureSections(raw);
  if (s.TEMPLATE === undefined) {
    return { kind: 'skip', reason: 'no :TEMPLATE section (helper data for the engine\'s utility unit tests, not a template fixture)' };
  }
  if (s.OUTPUT === undefined) {
    if (s.JSON === undefined) return { kind: 'skip', reason: 'no :OUTPUT or expected :JSON instruction tree' };
    return { kind: 'ast', template: s.TEMPLATE.trim(), expected: s.JSON.trim(), pretty: /(^|\/)pretty-[^/]*$/.test(fileName) };
  }

  let locale: string | null | undefined;
  let now: number | undefined;
  if (s.PARAMS !== undefined) {
    const params = parseObject(s.PARAMS, 'PARAMS');
    locale = localeOf(params.locale);
    now = nowOf(params.now);
  }
  if (s.PROPERTIES !== undefined) {
    const props = parseProperties(s.PROPERTIES);
    locale = localeOf(props.locale) ?? locale;
    now = nowOf(props.now) ?? now;
  }

  const partials: Record<string, string> = {};
  if (s.PARTIALS !== undefined) {
    for (const [name, source] of Object.entries(parseObject(s.PARTIALS, 'PARTIALS'))) {
      partials[name] = typeof source === 'string' ? source : JSON.stringify(source);
    }
  }
  const injects: Record<string, unknown> = {};
  if (s.INJECT !== undefined) {
    for (const [name, text] of Object.entries(parseObject(s.INJECT, 'INJECT'))) {
      injects[name] = typeof text === 'string' ? parseJson(text, `INJECT ${name}`) : text;
    }
  }

  return {
    kind: 'render',
    template: s.TEMPLATE,
    json: s.JSON === undefined ? {} : parseJson(s.JSON, 'JSON'),
    partials,
    injects,
    locale,
    now,
    output: s.OUTPUT,
  };
}
