/** @jest-environment ./web/test/dom-environment.cjs */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { act } from '@testing-library/react';
import { islands } from './islands';
import { mountIslands, reportUnknownIsland } from './mount-islands';
import { readSiteContext } from './site-context';
import { makeStore } from './store';

/**
 * Every island the theme declares has code behind it, or is listed here as not built yet: a name
 * with no code is left as the server rendered it, so it must never be a surprise. The list shrinks
 * as islands are built (a built name listed here fails too).
 */
const NOT_BUILT_YET: Record<string, string> = {
  comments: 'comments on posts',
};

const TEMPLATES = resolve(__dirname, '../../../apps/api/src/theme/templates');

function templateFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? templateFiles(join(dir, entry.name)) : entry.name.endsWith('.jsont') ? [join(dir, entry.name)] : [],
  );
}

/** The `data-island` names the theme's templates print. */
function declaredIslands(): Set<string> {
  const names = new Set<string>();
  for (const file of templateFiles(TEMPLATES)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/data-island="([^"{]+)"/g)) names.add(match[1]!);
  }
  return names;
}

describe('islands', () => {
  it('the theme declares no island without code but those not built yet', () => {
    const declared = declaredIslands();
    const withoutCode = [...declared].filter((name) => !(name in islands)).sort();
    expect(withoutCode).toEqual(Object.keys(NOT_BUILT_YET).sort());
    // Built since: take it off the list.
    expect(Object.keys(NOT_BUILT_YET).filter((name) => name in islands)).toEqual([]);
  });

  it('reports a name with no code behind it and leaves its element as the server rendered it', async () => {
    document.body.innerHTML = '<div data-island="no-such-island"><p>server markup</p></div><div data-island="cart-pill"></div>';
    const unknown: string[] = [];
    await act(async () => {
      mountIslands(document, islands, makeStore(), readSiteContext(document), { onUnknown: (name) => unknown.push(name) });
    });
    expect(unknown).toEqual(['no-such-island']);
    expect(document.querySelector('[data-island="no-such-island"]')!.innerHTML).toBe('<p>server markup</p>');
  });

  it('in development the report is a console warning', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const element = document.createElement('div');
    reportUnknownIsland('restock', element);
    expect(warn).toHaveBeenCalledWith('No island is registered for data-island="restock"; the element is left as the server rendered it.', element);
    warn.mockRestore();
  });

  it('an island with nothing to add leaves the server markup (a product with one image has no gallery to switch)', async () => {
    document.body.innerHTML = `<div data-product-root="k" data-product='${JSON.stringify({ key: 'k', itemId: 'p', optionNames: [], variants: [], images: [] })}'><div data-island="product-images"><img src="/one.jpg" alt=""></div></div>`;
    let mounted: string[] = [];
    await act(async () => {
      mounted = mountIslands(document, islands, makeStore(), readSiteContext(document));
    });
    expect(mounted).toEqual([]);
    expect(document.querySelector('[data-island="product-images"]')!.innerHTML).toBe('<img src="/one.jpg" alt="">');
  });
});
