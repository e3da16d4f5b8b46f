/** The website's own stream. Issue-sized for now: identity, title, currency and time zone. */
export type WebsiteCreated = {
  type: 'WebsiteCreated';
  data: { websiteId: string; title: string; currency: string; timeZone: string; createdAt: string };
};
export type SiteEvent = WebsiteCreated;

export const WEBSITE_STREAM_ID = 'website';
export const DEFAULT_TIME_ZONE = 'America/New_York';

export type Website = WebsiteCreated['data'];
