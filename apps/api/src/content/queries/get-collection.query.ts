/** A page or collection with its items' URL ids, straight from its stream. */
export class GetCollectionQuery {
  constructor(readonly collectionId: string) {}
}
