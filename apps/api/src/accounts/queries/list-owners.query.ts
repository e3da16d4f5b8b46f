export class ListOwnersQuery {}
