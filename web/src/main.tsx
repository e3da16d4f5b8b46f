import { islands } from './app/islands';
import { mountIslands, reportUnknownIsland } from './app/mount-islands';
import { readSiteContext } from './app/site-context';
import { enhanceSiteNav } from './app/site-nav';
import { store } from './app/store';

enhanceSiteNav(document);
mountIslands(document, islands, store, readSiteContext(document), { onUnknown: import.meta.env.DEV ? reportUnknownIsland : undefined });
