/** Every item of a collection in any publish state (read model). */
export class ListCollectionItemsQuery {
  constructor(readonly collectionId: string) {}
}
