import { GetImageHandler } from './get-image.handler';
import { ListImagesHandler } from './list-images.handler';

export const QueryHandlers = [ListImagesHandler, GetImageHandler];
