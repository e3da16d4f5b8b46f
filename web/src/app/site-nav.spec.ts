/** @jest-environment ./web/test/dom-environment.cjs */
import { enhanceSiteNav } from './site-nav';

/** The theme's header (site.jsont, nav-item.jsont): the phone's Menu, two folders (one nested in the other) and a link. */
const HEADER = `
<header class="site-header"><div class="site-header__bar">
  <a class="site-title" href="/">Clay &amp; Co.</a>
  <details class="site-menu"><summary class="site-menu__toggle" aria-controls="site-nav">Menu</summary></details>
  <nav class="site-nav" aria-label="Main"><ul class="site-nav__list" id="site-nav">
    <li class="site-nav__item"><a href="/">Home</a></li>
    <li class="site-nav__item"><details class="site-nav__folder" id="studio"><summary>The Studio</summary><ul class="site-nav__sub">
      <li class="site-nav__item"><a href="/about">About</a></li>
      <li class="site-nav__item"><details class="site-nav__folder" id="inner"><summary>More</summary><ul class="site-nav__sub"><li class="site-nav__item"><a href="/more">More</a></li></ul></details></li>
    </ul></details></li>
    <li class="site-nav__item"><details class="site-nav__folder" id="shop"><summary>Shop</summary><ul class="site-nav__sub"><li class="site-nav__item"><a href="/shop">All</a></li></ul></details></li>
  </ul></nav>
</div></header>
<main><a href="/elsewhere" id="outside">Elsewhere</a></main>`;

const details = (selector: string) => document.querySelector<HTMLDetailsElement>(selector)!;
const summary = (selector: string) => details(selector).querySelector<HTMLElement>(':scope > summary')!;
/** Opens or closes a <details>; resolves on its 'toggle' event, which it fires in a task of its own (what site-nav.ts acts on). */
const setOpen = (selector: string, open: boolean) => {
  const element = details(selector);
  const toggled = new Promise((resolve) => element.addEventListener('toggle', resolve, { once: true }));
  element.open = open;
  return toggled;
};
const escape = (target: Element) => target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));

beforeEach(() => {
  document.body.innerHTML = HEADER;
  enhanceSiteNav(document);
});

describe('the header navigation', () => {
  it('gives each toggle aria-expanded, following its state', async () => {
    expect(summary('.site-menu').getAttribute('aria-expanded')).toBe('false');
    expect(summary('#studio').getAttribute('aria-expanded')).toBe('false');
    await setOpen('.site-menu', true);
    expect(summary('.site-menu').getAttribute('aria-expanded')).toBe('true');
    await setOpen('.site-menu', false);
    expect(summary('.site-menu').getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes the innermost open folder, then the menu, each time focusing its toggle', async () => {
    await Promise.all([setOpen('.site-menu', true), setOpen('#studio', true)]);
    const about = document.querySelector<HTMLElement>('a[href="/about"]')!;
    about.focus();
    escape(about);
    expect(details('#studio').open).toBe(false);
    expect(details('.site-menu').open).toBe(true);
    expect(document.activeElement).toBe(summary('#studio'));
    escape(document.activeElement!);
    expect(details('.site-menu').open).toBe(false);
    expect(document.activeElement).toBe(summary('.site-menu'));
    // Nothing open: Escape is left alone.
    expect(escape(document.body)).toBe(true);
  });

  it('keeps one folder open at a time, never closing the folder a nested one opens in', async () => {
    await setOpen('#studio', true);
    await setOpen('#inner', true);
    expect([details('#studio').open, details('#inner').open]).toEqual([true, true]);
    await setOpen('#shop', true);
    expect([details('#studio').open, details('#shop').open]).toEqual([false, true]);
  });

  it('closes everything on a click outside the header or when focus leaves it, not on a click inside', async () => {
    await Promise.all([setOpen('.site-menu', true), setOpen('#shop', true)]);
    document.querySelector<HTMLElement>('.site-title')!.click();
    expect(details('#shop').open).toBe(true);
    document.querySelector('main')!.click();
    expect([details('.site-menu').open, details('#shop').open]).toEqual([false, false]);

    await setOpen('.site-menu', true);
    const home = document.querySelector<HTMLElement>('a[href="/"]:not(.site-title)')!;
    home.focus();
    document.getElementById('outside')!.focus();
    expect(details('.site-menu').open).toBe(false);
  });
});
