/**
 * The theme's header navigation, enhanced. The server renders the phone's Menu button and every
 * folder as a <details>, so both open and close without JavaScript; this adds what a <details>
 * cannot do alone (no React: it runs on every page and stays a few hundred bytes):
 * - Escape closes the innermost open folder, else the menu, and puts focus back on its toggle;
 * - a click or focus outside the header closes whatever is open;
 * - one folder open at a time (opening one closes the others, never its own parents);
 * - `aria-expanded` on each toggle follows its state;
 * - a folder's dropdown that would cross the window's edge is shifted back inside it.
 */

/** Smallest gap kept between a dropdown and the window's edge, in px. */
const EDGE = 8;

export function enhanceSiteNav(doc: Document): void {
  const header = doc.querySelector<HTMLElement>('.site-header');
  if (!header) return;
  const all = () => [...header.querySelectorAll<HTMLDetailsElement>('details.site-menu, details.site-nav__folder')];

  const close = (details: HTMLDetailsElement, focus = false) => {
    details.open = false;
    if (focus) details.querySelector<HTMLElement>(':scope > summary')?.focus();
  };
  const closeAll = () => all().forEach((d) => close(d));

  for (const details of all()) {
    const summary = details.querySelector<HTMLElement>(':scope > summary');
    summary?.setAttribute('aria-expanded', String(details.open));
    details.addEventListener('toggle', () => {
      summary?.setAttribute('aria-expanded', String(details.open));
      if (!details.classList.contains('site-nav__folder')) return;
      if (details.open) {
        for (const other of header.querySelectorAll<HTMLDetailsElement>('details.site-nav__folder[open]')) {
          if (other !== details && !other.contains(details)) close(other);
        }
        keepOnScreen(details);
      } else {
        details.querySelector<HTMLElement>(':scope > .site-nav__sub')?.style.removeProperty('translate');
      }
    });
  }

  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = all().filter((d) => d.open);
    // The innermost open one: a folder inside the menu closes before the menu.
    const innermost = open.reverse().find((d) => !open.some((o) => o !== d && d.contains(o)));
    if (!innermost) return;
    event.preventDefault();
    close(innermost, true);
  });
  doc.addEventListener('click', (event) => {
    if (!header.contains(event.target as Node)) closeAll();
  });
  header.addEventListener('focusout', (event) => {
    const next = (event as FocusEvent).relatedTarget as Node | null;
    if (next && !header.contains(next)) closeAll();
  });
}

/** Shifts an open folder's dropdown (when it floats: the desktop bar) back inside the window. */
function keepOnScreen(folder: HTMLDetailsElement): void {
  const sub = folder.querySelector<HTMLElement>(':scope > .site-nav__sub');
  if (!sub) return;
  sub.style.removeProperty('translate');
  if (getComputedStyle(sub).position !== 'absolute') return;
  const box = sub.getBoundingClientRect();
  const width = folder.ownerDocument.documentElement.clientWidth;
  const shift = box.right > width - EDGE ? width - EDGE - box.right : box.left < EDGE ? EDGE - box.left : 0;
  if (shift !== 0) sub.style.translate = `${Math.round(shift)}px 0`;
}
