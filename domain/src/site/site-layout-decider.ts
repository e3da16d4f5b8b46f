import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import { uniqueUrlId } from '../catalog/url-id';
import { COLLECTION_KINDS, isCollectionKind, type CollectionKind } from './collection';
import type { SiteLayoutEvent } from './events';
import {
  checkNavigation, emptyNavigations, isNavigationName, removeCollectionLinks, type LayoutLink, type NavigationName, type Navigations,
} from './navigation';
import { checkUrlId, notAnOption, RESERVED_URL_IDS } from './site-limits';

/**
 * The site's layout (stream `site-layout`): the pages and collections that exist with their URL ids
 * (unique across the site, SPEC 5 rules), the navigations, and the home page. Collections are listed
 * in the order they were registered.
 */
export type SiteLayoutState = {
  collections: Record<string, { kind: CollectionKind; urlId: string }>;
  order: string[];
  homePageId: string | null;
  navigations: Navigations;
  templateIds: Partial<Record<NavigationName, string | null>>;
};

export const initialSiteLayoutState = (): SiteLayoutState => ({ collections: {}, order: [], homePageId: null, navigations: emptyNavigations(), templateIds: {} });

/** Reserves a unique URL id for a new collection: `wantedUrlId`, or `wantedUrlId-1`, `-2`, … */
export type RegisterCollection = { type: 'RegisterCollection'; data: { collectionId: string; kind: CollectionKind; wantedUrlId: string; now: string } };
export type ChangeCollectionUrlId = { type: 'ChangeCollectionUrlId'; data: { collectionId: string; wantedUrlId: string; now: string } };
export type UnregisterCollection = { type: 'UnregisterCollection'; data: { collectionId: string; now: string } };
export type UpdateNavigation = {
  type: 'UpdateNavigation';
  data: { fieldName: string; templateId: string | null; items: LayoutLink[]; now: string };
};
export type SetHomePage = { type: 'SetHomePage'; data: { collectionId: string; now: string } };
export type SiteLayoutCommand = RegisterCollection | ChangeCollectionUrlId | UnregisterCollection | UpdateNavigation | SetHomePage;

const canBeHome = (kind: CollectionKind) => !COLLECTION_KINDS[kind].folder;

export function evolveSiteLayout(state: SiteLayoutState, event: SiteLayoutEvent): SiteLayoutState {
  switch (event.type) {
    case 'CollectionRegistered': {
      const { collectionId, kind, urlId } = event.data;
      if (state.collections[collectionId]) return state;
      return { ...state, collections: { ...state.collections, [collectionId]: { kind, urlId } }, order: [...state.order, collectionId] };
    }
    case 'CollectionUrlIdChanged': {
      const current = state.collections[event.data.collectionId];
      if (!current) return state;
      return { ...state, collections: { ...state.collections, [event.data.collectionId]: { ...current, urlId: event.data.urlId } } };
    }
    case 'CollectionUnregistered': {
      const { collectionId } = event.data;
      if (!state.collections[collectionId]) return state;
      const { [collectionId]: _gone, ...collections } = state.collections;
      return {
        ...state,
        collections,
        order: state.order.filter((id) => id !== collectionId),
        navigations: {
          mainNav: removeCollectionLinks(state.navigations.mainNav, collectionId),
          secondaryNav: removeCollectionLinks(state.navigations.secondaryNav, collectionId),
        },
      };
    }
    case 'NavigationUpdated': {
      if (!isNavigationName(event.data.fieldName)) return state;
      return {
        ...state,
        navigations: { ...state.navigations, [event.data.fieldName]: event.data.items },
        templateIds: { ...state.templateIds, [event.data.fieldName]: event.data.templateId },
      };
    }
    case 'HomePageSet':
      return { ...state, homePageId: event.data.collectionId };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function takenUrlIds(state: SiteLayoutState, except?: string): Set<string> {
  const taken = new Set(RESERVED_URL_IDS);
  for (const [id, c] of Object.entries(state.collections)) if (id !== except) taken.add(c.urlId);
  return taken;
}

export function decideSiteLayout(command: SiteLayoutCommand, state: SiteLayoutState): Decision<SiteLayoutEvent, DomainError> {
  switch (command.type) {
    case 'RegisterCollection': {
      const { collectionId, kind, wantedUrlId, now } = command.data;
      const existing = state.collections[collectionId];
      if (existing) return existing.kind === kind ? accept() : reject(domainError('COLLECTION_ALREADY_EXISTS', { collectionId }));
      if (!isCollectionKind(kind)) return reject(notAnOption(String(kind), 'kind'));
      const badUrlId = checkUrlId(wantedUrlId);
      if (badUrlId) return reject(badUrlId);
      const urlId = uniqueUrlId(wantedUrlId, takenUrlIds(state));
      const registered: SiteLayoutEvent = { type: 'CollectionRegistered', data: { collectionId, kind, urlId, registeredAt: now } };
      // The first page or collection of a site becomes its home page.
      if (state.homePageId === null && canBeHome(kind)) return accept<SiteLayoutEvent>(registered, { type: 'HomePageSet', data: { collectionId, setAt: now } });
      return accept(registered);
    }
    case 'ChangeCollectionUrlId': {
      const { collectionId, wantedUrlId, now } = command.data;
      const current = state.collections[collectionId];
      if (!current) return reject(domainError('COLLECTION_NOT_FOUND', { collectionId }));
      const badUrlId = checkUrlId(wantedUrlId);
      if (badUrlId) return reject(badUrlId);
      if (current.urlId === wantedUrlId) return accept();
      const urlId = uniqueUrlId(wantedUrlId, takenUrlIds(state, collectionId));
      return urlId === current.urlId ? accept() : accept({ type: 'CollectionUrlIdChanged', data: { collectionId, urlId, changedAt: now } });
    }
    case 'UnregisterCollection': {
      const { collectionId, now } = command.data;
      if (!state.collections[collectionId]) return accept();
      const unregistered: SiteLayoutEvent = { type: 'CollectionUnregistered', data: { collectionId, unregisteredAt: now } };
      if (state.homePageId !== collectionId) return accept(unregistered);
      // The home page is gone: the earliest remaining page or collection takes its place.
      const next = state.order.find((id) => id !== collectionId && canBeHome(state.collections[id]!.kind)) ?? null;
      return accept<SiteLayoutEvent>(unregistered, { type: 'HomePageSet', data: { collectionId: next, setAt: now } });
    }
    case 'UpdateNavigation': {
      const { fieldName, templateId, items, now } = command.data;
      if (!isNavigationName(fieldName)) {
        return reject(domainError('NAVIGATION_NOT_FOUND', { fieldName }, fieldName ? `Unable to find site navigation ${String(fieldName).slice(0, 100)}` : undefined));
      }
      const invalid = checkNavigation(items, (id) => {
        const c = state.collections[id];
        return c && { folder: COLLECTION_KINDS[c.kind].folder };
      });
      if (invalid) return reject(invalid);
      const sameItems = JSON.stringify(state.navigations[fieldName]) === JSON.stringify(items);
      if (sameItems && (state.templateIds[fieldName] ?? null) === templateId) return accept();
      return accept({ type: 'NavigationUpdated', data: { fieldName, templateId, items, updatedAt: now } });
    }
    case 'SetHomePage': {
      const { collectionId, now } = command.data;
      const c = state.collections[collectionId];
      if (!c) return reject(domainError('COLLECTION_NOT_FOUND', { collectionId }));
      if (!canBeHome(c.kind)) return reject(domainError('INVALID_HOME_PAGE', { collectionId }));
      return state.homePageId === collectionId ? accept() : accept({ type: 'HomePageSet', data: { collectionId, setAt: now } });
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled site layout command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const siteLayoutDecider: Decider<SiteLayoutCommand, SiteLayoutState, SiteLayoutEvent, DomainError> = {
  initialState: initialSiteLayoutState,
  evolve: evolveSiteLayout,
  decide: decideSiteLayout,
};

/** The URL id the layout granted a collection (after RegisterCollection / ChangeCollectionUrlId). */
export function collectionUrlId(state: SiteLayoutState, collectionId: string): string | undefined {
  return state.collections[collectionId]?.urlId;
}
