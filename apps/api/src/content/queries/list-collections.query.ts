/** Every page and collection of the site (read model), unpublished and locked ones too. */
export class ListCollectionsQuery {}
