/**
 * Runs every fixture file under a directory through the site's TemplateRenderer (the same code
 * path published pages use) and compares trimmed output. Instruction-tree fixtures are compared
 * with the renderer's own parse. Fixtures listed in known-exceptions.ts are reported as `known`
 * and are not failures; a listed fixture that passes is reported `ok` with a note to unlist it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { prettyJson, type Code } from '@squarespace/template-engine';
import { TemplateRenderer } from '../template-renderer';
import { FixtureFormatError, parseFixture, type AstFixture, type RenderFixture } from './fixture-file';
import { KNOWN_EXCEPTIONS, type KnownException } from './known-exceptions';

export type FixtureStatus = 'ok' | 'fail' | 'known' | 'skip';

export type FixtureOutcome = {
  name: string;
  status: FixtureStatus;
  /** Failure diff, skip reason, known-exception reason or a note. */
  detail?: string;
};

export type ConformanceSummary = {
  outcomes: FixtureOutcome[];
  passed: number;
  failed: number;
  known: number;
  skipped: number;
};

export type ConformanceOptions = {
  renderer?: TemplateRenderer;
  known?: readonly KnownException[];
  /** Locale for fixtures that name none (the engine's own suite uses 'en'). */
  defaultLocale?: string;
};

const FIXTURE_FILE = /\.(html|txt|json)$/;

/** Every fixture file under `dir`, sorted, as paths relative to it with '/' separators. */
export function findFixtureFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && FIXTURE_FILE.test(entry.name)) found.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return found.sort();
}

/** The known exception for a fixture: its entry's path is a suffix of the fixture's path. */
export function knownExceptionFor(absolutePath: string, known: readonly KnownException[]): KnownException | undefined {
  const path = absolutePath.split(sep).join('/');
  return known.find((k) => path === k.path || path.endsWith(`/${k.path}`));
}

const clip = (s: string, max = 160) => (s.length > max ? `${s.slice(0, max)}…` : s);
/** Quoted so invisible differences show: thin and no-break spaces print as \\u2009, \\u00a0. */
const show = (s: string) =>
  JSON.stringify(s)
    .slice(1, -1)
    .replace(/[\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A short line diff: the first differing line with a line of context, and the line counts. */
export function shortDiff(expected: string, actual: string): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  let i = 0;
  while (i < want.length && i < got.length && want[i] === got[i]) i++;
  const lines = [`  first difference at line ${i + 1} (expected ${want.length} lines, got ${got.length})`];
  if (i > 0) lines.push(`    same: ${clip(show(want[i - 1]!))}`);
  lines.push(`    want: ${i < want.length ? clip(show(want[i]!)) : '<end of output>'}`);
  lines.push(`    got:  ${i < got.length ? clip(show(got[i]!)) : '<end of output>'}`);
  return lines.join('\n');
}

function checkRender(fixture: RenderFixture, renderer: TemplateRenderer, defaultLocale: string | undefined): string | undefined {
  const result = renderer.render({
    template: fixture.template,
    context: fixture.json,
    partials: fixture.partials,
    injects: fixture.injects,
    locale: fixture.locale === undefined ? defaultLocale : fixture.locale,
    now: fixture.now,
  });
  const expected = fixture.output.trim();
  const actual = result.html.trim();
  if (actual === expected) return undefined;
  const errors = result.errors.slice(0, 3).map((e) => `    error: ${clip(e.message)}`);
  return [shortDiff(expected, actual), ...errors].join('\n');
}

function checkAst(fixture: AstFixture, renderer: TemplateRenderer): string | undefined {
  const compiled = renderer.compile(fixture.template);
  if (compiled.errors.length > 0) return `  template does not parse: ${compiled.errors[0]!.message}`;
  let expected: unknown;
  try {
    expected = JSON.parse(fixture.expected);
  } catch (cause) {
    return `  expected instruction tree is not JSON: ${(cause as Error).message}`;
  }
  if (JSON.stringify(compiled.code) !== JSON.stringify(expected)) {
    return shortDiff(JSON.stringify(expected), JSON.stringify(compiled.code));
  }
  if (fixture.pretty) {
    // The layout's indent is a parameter of the engine's test; read it off the expected text.
    const indent = /\n([ \t]+)\[/.exec(fixture.expected)?.[1] ?? '  ';
    const laidOut = prettyJson(compiled.code as Code, indent).trim();
    if (laidOut !== fixture.expected) return shortDiff(fixture.expected, laidOut);
  }
  return undefined;
}

export function runConformance(dir: string, options: ConformanceOptions = {}): ConformanceSummary {
  const renderer = options.renderer ?? new TemplateRenderer();
  const known = options.known ?? KNOWN_EXCEPTIONS;
  const outcomes: FixtureOutcome[] = [];
  for (const name of findFixtureFiles(dir)) {
    const absolute = join(dir, name);
    const exception = knownExceptionFor(absolute, known);
    let failure: string | undefined;
    try {
      const fixture = parseFixture(readFileSync(absolute, 'utf8'), name);
      if (fixture.kind === 'skip') {
        outcomes.push({ name, status: 'skip', detail: fixture.reason });
        continue;
      }
      failure = fixture.kind === 'render' ? checkRender(fixture, renderer, options.defaultLocale) : checkAst(fixture, renderer);
    } catch (cause) {
      failure = `  ${cause instanceof FixtureFormatError ? 'bad fixture' : 'runner error'}: ${(cause as Error).message}`;
    }
    if (failure === undefined) {
      outcomes.push({ name, status: 'ok', ...(exception ? { detail: 'listed as a known exception but passes: remove it from known-exceptions.ts' } : {}) });
    } else if (exception) {
      outcomes.push({ name, status: 'known', detail: exception.reason });
    } else {
      outcomes.push({ name, status: 'fail', detail: failure });
    }
  }
  const count = (status: FixtureStatus) => outcomes.filter((o) => o.status === status).length;
  return { outcomes, passed: count('ok'), failed: count('fail'), known: count('known'), skipped: count('skip') };
}

/** The report: one line per fixture, failure diffs indented below, and the summary line last. */
export function formatReport(summary: ConformanceSummary): string[] {
  const lines: string[] = [];
  for (const outcome of summary.outcomes) {
    switch (outcome.status) {
      case 'ok':
        lines.push(`ok   ${outcome.name}${outcome.detail ? `  (${outcome.detail})` : ''}`);
        break;
      case 'fail':
        lines.push(`FAIL ${outcome.name}`);
        if (outcome.detail) lines.push(outcome.detail);
        break;
      case 'known':
        lines.push(`known ${outcome.name}  (${outcome.detail})`);
        break;
      case 'skip':
        lines.push(`skip ${outcome.name}  (${outcome.detail})`);
        break;
    }
  }
  if (summary.known > 0 || summary.skipped > 0) {
    lines.push(`${summary.known} known exceptions (docs/CONFORMANCE.md), ${summary.skipped} skipped (not template fixtures)`);
  }
  lines.push(`${summary.passed} passed, ${summary.failed} failed`);
  return lines;
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
