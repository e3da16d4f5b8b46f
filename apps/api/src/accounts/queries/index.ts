import { ListOwnersHandler } from './list-owners.handler';

export const QueryHandlers = [ListOwnersHandler];
