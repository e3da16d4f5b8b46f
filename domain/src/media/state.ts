import type { ImageUploaded } from './events';

/** An image's details as its stream says now: what it was uploaded with, edits applied. */
export type ImageDetails = ImageUploaded['data'];

/** Before the upload there is nothing to misuse; a removed image keeps only its id. */
export type ImageState =
  | { status: 'none' }
  | { status: 'active'; image: ImageDetails }
  | { status: 'removed'; imageId: string };

export const initialImageState = (): ImageState => ({ status: 'none' });
