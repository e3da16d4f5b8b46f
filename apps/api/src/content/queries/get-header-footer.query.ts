/** SPEC 7 GET /api/site-header-footer. */
export class GetHeaderFooterQuery {}
