import type { ImageEvent } from './events';
import type { ImageState } from './state';

/** Total: an event that does not apply to the state leaves it unchanged, so replay never fails. */
export function evolveImage(state: ImageState, event: ImageEvent): ImageState {
  switch (event.type) {
    case 'ImageUploaded':
      return state.status === 'none' ? { status: 'active', image: event.data } : state;
    case 'ImageDetailsChanged': {
      if (state.status !== 'active') return state;
      const { altText, title, body, mediaFocalPoint } = event.data.changes;
      const image = { ...state.image };
      if (altText !== undefined) image.altText = altText;
      if (title !== undefined) image.title = title;
      if (body !== undefined) image.body = body;
      if (mediaFocalPoint !== undefined) image.mediaFocalPoint = mediaFocalPoint;
      return { status: 'active', image };
    }
    case 'ImageRemoved':
      return state.status === 'active' ? { status: 'removed', imageId: state.image.imageId } : state;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
