import { domainError } from '../shared/error-catalogue';
import { checkLink, SITE_LIMITS, type Check } from './site-limits';

/** The site's navigations (SPEC 7 'UpdateNavigation' fieldName). Both always exist, possibly empty. */
export const NAVIGATION_NAMES = ['mainNav', 'secondaryNav'] as const;
export type NavigationName = (typeof NAVIGATION_NAMES)[number];

export function isNavigationName(value: unknown): value is NavigationName {
  return typeof value === 'string' && (NAVIGATION_NAMES as readonly string[]).includes(value);
}

/**
 * SPEC 3 'Layout link': collectionId, children, externalLink, memberAreaId. A link points at a
 * page or collection of this site (`collectionId`) or elsewhere (`externalLink` plus `title`);
 * `title` may also rename a page's link. Only a folder's link has children, one level deep.
 */
export type LayoutLink = {
  collectionId: string | null;
  externalLink: string | null;
  title: string | null;
  newWindow: boolean;
  memberAreaId: string | null;
  children: LayoutLink[];
};

export type Navigations = Record<NavigationName, LayoutLink[]>;
export const emptyNavigations = (): Navigations => ({ mainNav: [], secondaryNav: [] });

/** What a navigation check needs to know about the site's collections. */
export type CollectionDirectory = (collectionId: string) => { folder: boolean } | undefined;

function invalid(reason: string, index: number[]): Check {
  return domainError('INVALID_NAVIGATION', { reason, link: index.map((i) => i + 1).join('.') }, `Navigation link ${index.map((i) => i + 1).join('.')}: ${reason}`);
}

function checkLinkEntry(link: LayoutLink, path: number[], collections: CollectionDirectory, seen: Set<string>): Check {
  if ((link.collectionId === null) === (link.externalLink === null)) return invalid('a link needs either a page (collectionId) or an external link.', path);
  if (link.title !== null && (link.title.trim() === '' || link.title.length > SITE_LIMITS.titleMaxLength)) return domainError('INVALID_TITLE', { link: path.join('.') });
  if (link.memberAreaId !== null && (link.memberAreaId.length === 0 || link.memberAreaId.length > SITE_LIMITS.idMaxLength)) {
    return invalid('memberAreaId must be an id.', path);
  }
  if (link.externalLink !== null) {
    if (link.title === null) return invalid('an external link needs a title.', path);
    const bad = checkLink(link.externalLink, 'externalLink');
    if (bad) return bad;
    if (link.children.length > 0) return invalid('only folders have links beneath them.', path);
    return null;
  }
  const collection = collections(link.collectionId!);
  if (!collection) return invalid(`there is no page with the id ${link.collectionId!.slice(0, 100)}.`, path);
  if (seen.has(link.collectionId!)) return invalid('a page can appear only once in a navigation.', path);
  seen.add(link.collectionId!);
  if (link.children.length > 0 && !collection.folder) return invalid('only folders have links beneath them.', path);
  if (link.children.length > 0 && path.length > 1) return invalid('folders hold links one level deep.', path);
  if (path.length > 1 && collection.folder) return invalid('a folder cannot be inside another folder.', path);
  if (link.children.length > SITE_LIMITS.linksPerNavigation) return invalid(`a folder holds at most ${SITE_LIMITS.linksPerNavigation} links.`, path);
  for (const [i, child] of link.children.entries()) {
    const bad = checkLinkEntry(child, [...path, i], collections, seen);
    if (bad) return bad;
  }
  return null;
}

/** A navigation's links are valid for a site whose collections `collections` knows. */
export function checkNavigation(links: LayoutLink[], collections: CollectionDirectory): Check {
  if (links.length > SITE_LIMITS.linksPerNavigation) return invalid(`a navigation holds at most ${SITE_LIMITS.linksPerNavigation} links.`, [links.length - 1]);
  const seen = new Set<string>();
  for (const [i, link] of links.entries()) {
    const bad = checkLinkEntry(link, [i], collections, seen);
    if (bad) return bad;
  }
  return null;
}

/**
 * The links without those to `collectionId`. A removed folder's children take its place, so the
 * pages inside stay linked.
 */
export function removeCollectionLinks(links: LayoutLink[], collectionId: string): LayoutLink[] {
  const out: LayoutLink[] = [];
  for (const link of links) {
    if (link.collectionId === collectionId) {
      out.push(...removeCollectionLinks(link.children, collectionId));
      continue;
    }
    out.push(link.children.length > 0 ? { ...link, children: removeCollectionLinks(link.children, collectionId) } : link);
  }
  return out;
}

/** Every collection id the links point at, depth first. */
export function linkedCollectionIds(links: LayoutLink[]): string[] {
  return links.flatMap((l) => [...(l.collectionId ? [l.collectionId] : []), ...linkedCollectionIds(l.children)]);
}

export function collectionLink(collectionId: string, children: LayoutLink[] = []): LayoutLink {
  return { collectionId, externalLink: null, title: null, newWindow: false, memberAreaId: null, children };
}

export function externalLink(url: string, title: string, newWindow = true): LayoutLink {
  return { collectionId: null, externalLink: url, title, newWindow, memberAreaId: null, children: [] };
}
