import type { Decider, DomainError } from '../shared/decider';
import type { ImageCommand } from './commands';
import { decideImage } from './decide';
import type { ImageEvent } from './events';
import { evolveImage } from './evolve';
import { initialImageState, type ImageState } from './state';

export const imageDecider: Decider<ImageCommand, ImageState, ImageEvent, DomainError> = {
  initialState: initialImageState,
  evolve: evolveImage,
  decide: decideImage,
};
