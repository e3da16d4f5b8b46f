import { FIELD_LABELS } from '@storefront/domain/shared/strings';
import { collectionLink, type LayoutLink, type NavigationName } from '@storefront/domain/site/navigation';
import { SITE_LIMITS } from '@storefront/domain/site/site-limits';
import type { Collection, SiteLayout } from './pages-api';

/**
 * The page tree as the Pages screen shows it: the main and secondary navigations (SPEC 3 'Layout
 * link': a folder's links one level beneath it) and the pages linked in neither ("Not linked").
 * Pure functions over the navigations; each move gives the navigations to save with SPEC 7
 * UpdateNavigation.
 */
export type Navs = Record<NavigationName, LayoutLink[]>;
export const NAV_NAMES: readonly NavigationName[] = ['mainNav', 'secondaryNav'];
export const NAV_LABELS: Record<NavigationName, string> = { mainNav: FIELD_LABELS.mainNav, secondaryNav: FIELD_LABELS.secondaryNav };

/** A link's place: its navigation and its index path ([i] at the top, [i, j] inside folder i). */
export type LinkAt = { nav: NavigationName; path: number[] };
/** Where a page or link may go: a place in a navigation, or out of the navigations. */
export type Destination = { nav: NavigationName; parent: number | null; index: number } | { nav: 'unlinked' };

export function navsOf(layout: SiteLayout | undefined): Navs {
  const navs: Navs = { mainNav: [], secondaryNav: [] };
  for (const n of layout?.navigations ?? []) if (n.name === 'mainNav' || n.name === 'secondaryNav') navs[n.name] = n.links;
  return navs;
}

export function siblingsOf(navs: Navs, at: LinkAt): LayoutLink[] {
  return at.path.length === 1 ? navs[at.nav] : (navs[at.nav][at.path[0]!]?.children ?? []);
}

export function linkAt(navs: Navs, at: LinkAt): LayoutLink | undefined {
  return siblingsOf(navs, at)[at.path[at.path.length - 1]!];
}

/** The links without the one at `path`; a folder taken out leaves its links in its place when `keepChildren`. */
function without(links: LayoutLink[], path: number[], keepChildren: boolean): LayoutLink[] {
  const [i, j] = path as [number, number?];
  if (j === undefined) {
    const gone = links[i];
    return [...links.slice(0, i), ...(keepChildren && gone ? gone.children : []), ...links.slice(i + 1)];
  }
  return links.map((l, k) => (k === i ? { ...l, children: l.children.filter((_c, m) => m !== j) } : l));
}

function inserted(links: LayoutLink[], parent: number | null, index: number, link: LayoutLink): LayoutLink[] {
  if (parent === null) return [...links.slice(0, index), link, ...links.slice(index)];
  return links.map((l, k) => (k === parent ? { ...l, children: [...l.children.slice(0, index), link, ...l.children.slice(index)] } : l));
}

/** The navigations with the link at `at` removed; a removed folder's pages stay, in its place (as the server does for a deleted folder). */
export function removeLink(navs: Navs, at: LinkAt): Navs {
  return { ...navs, [at.nav]: without(navs[at.nav], at.path, true) };
}

export function renameLink(navs: Navs, at: LinkAt, title: string | null): Navs {
  const link = linkAt(navs, at);
  if (!link) return navs;
  const renamed = { ...link, title };
  const [i, j] = at.path as [number, number?];
  const links = navs[at.nav].map((l, k) => {
    if (k !== i) return l;
    return j === undefined ? renamed : { ...l, children: l.children.map((c, m) => (m === j ? renamed : c)) };
  });
  return { ...navs, [at.nav]: links };
}

/** The navigations with `link` added at `to` (a new page or external link). */
export function addLink(navs: Navs, to: Destination, link: LayoutLink): Navs {
  if (to.nav === 'unlinked') return navs;
  return { ...navs, [to.nav]: inserted(navs[to.nav], to.parent, to.index, link) };
}

/**
 * Moves the link at `from` to `to` (a folder moves with its pages; moving out of the navigations
 * unlinks it, its pages staying in its place). `to.index` counts the destination's links before
 * the move. Null when the move changes nothing.
 */
export function moveLink(navs: Navs, from: LinkAt, to: Destination): Navs | null {
  const link = linkAt(navs, from);
  if (!link) return null;
  if (to.nav === 'unlinked') return removeLink(navs, from);
  const sameList = to.nav === from.nav && (from.path.length === 1 ? to.parent === null : to.parent === from.path[0]);
  const fromIndex = from.path[from.path.length - 1]!;
  let index = to.index;
  if (sameList) {
    if (index === fromIndex || index === fromIndex + 1) return null;
    if (index > fromIndex) index -= 1;
  }
  const removed = { ...navs, [from.nav]: without(navs[from.nav], from.path, false) };
  let parent = to.parent;
  // Taking a top-level link out before the folder shifts the folder's index.
  if (parent !== null && to.nav === from.nav && from.path.length === 1 && from.path[0]! < parent) parent -= 1;
  return { ...removed, [to.nav]: inserted(removed[to.nav], parent, index, link) };
}

/** Moves the link one place up (-1) or down (+1) among its siblings; null at the end of its list. */
export function shiftLink(navs: Navs, at: LinkAt, delta: -1 | 1): { navs: Navs; at: LinkAt } | null {
  const siblings = siblingsOf(navs, at);
  const index = at.path[at.path.length - 1]!;
  const target = index + delta;
  if (target < 0 || target >= siblings.length) return null;
  const to: Destination = { nav: at.nav, parent: at.path.length === 1 ? null : at.path[0]!, index: delta > 0 ? target + 1 : target };
  const moved = moveLink(navs, at, to);
  return moved ? { navs: moved, at: { nav: at.nav, path: [...at.path.slice(0, -1), target] } } : null;
}

/** Every collection id a navigation links, folders' pages included. */
export function linkedIds(links: LayoutLink[]): Set<string> {
  return new Set(links.flatMap((l) => [...(l.collectionId ? [l.collectionId] : []), ...l.children.flatMap((c) => (c.collectionId ? [c.collectionId] : []))]));
}

/** Pages and collections in neither navigation, in the order they were made. */
export function unlinkedCollections(collections: readonly Collection[], navs: Navs): Collection[] {
  const linked = new Set([...linkedIds(navs.mainNav), ...linkedIds(navs.secondaryNav)]);
  return collections.filter((c) => !linked.has(c.id));
}

export type DestinationChoice = { key: string; label: string; to: Destination };

/**
 * The places a page, folder or external link may be moved or added to, each named in words: the
 * end of each navigation, the end of each folder (not for a folder: folders hold links one level
 * deep), and "Not linked" for a page. A navigation that already links the page elsewhere is left
 * out (a page appears once in a navigation), as is a full one (SPEC 9 style limit of 100 links).
 */
export function destinationsFor(
  navs: Navs,
  collectionsById: ReadonlyMap<string, Collection>,
  subject: { collectionId: string | null; folder: boolean; from: LinkAt | null },
): DestinationChoice[] {
  const choices: DestinationChoice[] = [];
  for (const nav of NAV_NAMES) {
    const links = navs[nav];
    const inThisNav = subject.collectionId !== null && linkedIds(links).has(subject.collectionId);
    const movingWithin = subject.from?.nav === nav;
    if (inThisNav && !movingWithin) continue;
    const full = links.length >= SITE_LIMITS.linksPerNavigation && !(movingWithin && subject.from!.path.length === 1);
    if (!full) choices.push({ key: `${nav}:top`, label: `${NAV_LABELS[nav]} (at the end)`, to: { nav, parent: null, index: links.length } });
    if (subject.folder) continue;
    links.forEach((link, i) => {
      const folder = link.collectionId ? collectionsById.get(link.collectionId) : undefined;
      if (!folder?.folder) return;
      const holdsIt = movingWithin && subject.from!.path.length === 2 && subject.from!.path[0] === i;
      if (link.children.length >= SITE_LIMITS.linksPerNavigation && !holdsIt) return;
      choices.push({ key: `${nav}:${i}`, label: `Inside “${linkLabel(link, collectionsById)}” in ${NAV_LABELS[nav].toLowerCase()}`, to: { nav, parent: i, index: link.children.length } });
    });
  }
  if (subject.collectionId !== null && subject.from !== null) choices.push({ key: 'unlinked', label: 'Not linked (out of this navigation)', to: { nav: 'unlinked' } });
  return choices;
}

/** What a navigation shows for a link: its own title, else the page's navigation title. */
export function linkLabel(link: LayoutLink, collectionsById: ReadonlyMap<string, Collection>): string {
  if (link.title) return link.title;
  const c = link.collectionId ? collectionsById.get(link.collectionId) : undefined;
  return c ? c.navigationTitle || c.title : (link.externalLink ?? 'Link');
}

/** A stable key for a link's row: the page's id, or the external link's address and title. */
export function linkKey(nav: NavigationName, link: LayoutLink): string {
  return link.collectionId ? `${nav}:page:${link.collectionId}` : `${nav}:link:${link.externalLink ?? ''}:${link.title ?? ''}`;
}

/** Finds a link's place again after the navigations changed (focus follows a moved row). */
export function findLink(navs: Navs, key: string): LinkAt | null {
  for (const nav of NAV_NAMES) {
    const links = navs[nav];
    for (let i = 0; i < links.length; i++) {
      if (linkKey(nav, links[i]!) === key) return { nav, path: [i] };
      const children = links[i]!.children;
      for (let j = 0; j < children.length; j++) if (linkKey(nav, children[j]!) === key) return { nav, path: [i, j] };
    }
  }
  return null;
}

/** Words for a link's place, for the screen reader announcement after a move. */
export function describePlace(navs: Navs, at: LinkAt, collectionsById: ReadonlyMap<string, Collection>): string {
  const siblings = siblingsOf(navs, at);
  const index = at.path[at.path.length - 1]!;
  const where = at.path.length === 1
    ? NAV_LABELS[at.nav].toLowerCase()
    : `“${linkLabel(navs[at.nav][at.path[0]!]!, collectionsById)}” in ${NAV_LABELS[at.nav].toLowerCase()}`;
  return `position ${index + 1} of ${siblings.length} in ${where}`;
}

export { collectionLink };
