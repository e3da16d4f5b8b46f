import { ChangeImageDetailsHandler } from './change-image-details.handler';
import { RemoveImageHandler } from './remove-image.handler';
import { UploadImageHandler } from './upload-image.handler';

export const CommandHandlers = [UploadImageHandler, ChangeImageDetailsHandler, RemoveImageHandler];
