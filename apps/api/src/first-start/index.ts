/** What a new database gets on the first start: the website and its store. */
export { FirstStart, FirstStartModule, systemContext, type NewWebsite } from './first-start';
