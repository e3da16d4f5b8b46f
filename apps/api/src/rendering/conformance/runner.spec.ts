import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFixtureFiles, formatReport, knownExceptionFor, runConformance, shortDiff } from './runner';
import { KNOWN_EXCEPTIONS } from './known-exceptions';

describe('conformance runner', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'conformance-'));
    mkdirSync(join(dir, 'plugins', 'i18n'), { recursive: true });
    writeFileSync(join(dir, 'pass.html'), ':JSON\n{"price": 12345}\n\n:TEMPLATE\n{price|money-format}\n\n:OUTPUT\n123.45\n');
    writeFileSync(join(dir, 'plugins', 'i18n', 'fail.html'), ':JSON\n{"a": "x"}\n:TEMPLATE\n<p>{a}</p>\n:OUTPUT\n<p>y</p>\n');
    writeFileSync(join(dir, 'ast-1.html'), ':TEMPLATE\na{b}\n\n:JSON\n[17, 1, [[0, "a"], [1, [["b"]], 0]], 18]\n');
    writeFileSync(join(dir, 'data.json'), ':isSomething-1-true\n{}\n');
    writeFileSync(join(dir, 'notes.md'), 'not a fixture');
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds fixture files recursively, sorted', () => {
    expect(findFixtureFiles(dir)).toEqual(['ast-1.html', 'data.json', 'pass.html', 'plugins/i18n/fail.html']);
  });

  it('reports one line per fixture with a diff for failures, and "N passed, M failed" last', () => {
    const summary = runConformance(dir, { known: [] });
    expect(summary).toMatchObject({ passed: 2, failed: 1, known: 0, skipped: 1 });
    const lines = formatReport(summary);
    expect(lines).toContain('ok   pass.html');
    expect(lines).toContain('ok   ast-1.html');
    expect(lines).toContain('FAIL plugins/i18n/fail.html');
    expect(lines.join('\n')).toContain('    want: <p>y</p>\n    got:  <p>x</p>');
    expect(lines.some((l) => l.startsWith('skip data.json'))).toBe(true);
    expect(lines[lines.length - 1]).toBe('2 passed, 1 failed');
  });

  it('reports listed fixtures as known, not as failures, and flags listed ones that pass', () => {
    const summary = runConformance(dir, {
      known: [
        { path: 'i18n/fail.html', reason: 'contradicts another fixture' },
        { path: 'pass.html', reason: 'was broken once' },
      ],
    });
    expect(summary).toMatchObject({ passed: 2, failed: 0, known: 1 });
    const lines = formatReport(summary);
    expect(lines).toContain('known plugins/i18n/fail.html  (contradicts another fixture)');
    expect(lines.find((l) => l.startsWith('ok   pass.html'))).toContain('remove it from known-exceptions.ts');
    expect(lines[lines.length - 1]).toBe('2 passed, 0 failed');
  });

  it('counts a fixture that cannot be read as a failure', () => {
    writeFileSync(join(dir, 'broken.html'), ':JSON\n{nope\n:TEMPLATE\nx\n:OUTPUT\nx\n');
    const summary = runConformance(dir, { known: [] });
    expect(summary.outcomes.find((o) => o.name === 'broken.html')).toMatchObject({ status: 'fail', detail: expect.stringContaining('bad fixture') });
  });

  it('matches known exceptions by path suffix at a directory boundary', () => {
    const known = [{ path: 'i18n/f-decimal-1.html', reason: 'r' }];
    expect(knownExceptionFor('/x/plugins/resources/i18n/f-decimal-1.html', known)).toBe(known[0]);
    expect(knownExceptionFor('/x/plugins/resources/f-decimal-1.html', known)).toBeUndefined();
    expect(knownExceptionFor('/x/plugins/resources/xi18n/f-decimal-1.html', known)).toBeUndefined();
  });

  it('shows invisible differences in the diff', () => {
    expect(shortDiff('a\nb c', 'a\nb\u2009c')).toContain('got:  b\\u2009c');
  });

  it('has every known exception documented in docs/CONFORMANCE.md', () => {
    const doc = readFileSync(join(__dirname, '../../../../../docs/CONFORMANCE.md'), 'utf8');
    expect(KNOWN_EXCEPTIONS.filter((k) => !doc.includes(k.path)).map((k) => k.path)).toEqual([]);
  });
});
