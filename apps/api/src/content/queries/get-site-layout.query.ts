/** SPEC 7 GET /api/commondata/GetSiteLayout: the navigations with their links. */
export class GetSiteLayoutQuery {}
