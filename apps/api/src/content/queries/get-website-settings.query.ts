/** The website settings, straight from the website stream. */
export class GetWebsiteSettingsQuery {}
