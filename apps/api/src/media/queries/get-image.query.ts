/** One image asset as its stream says now (owner API). */
export class GetImageQuery {
  constructor(readonly imageId: string) {}
}
