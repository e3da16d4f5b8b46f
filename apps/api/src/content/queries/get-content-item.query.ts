/** A content item in any publish state, straight from its stream. */
export class GetContentItemQuery {
  constructor(readonly itemId: string) {}
}
