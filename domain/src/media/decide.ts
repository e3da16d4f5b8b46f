import { accept, reject, type Decision, type DomainError } from '../shared/decider';
import { domainError, ERROR_MESSAGES } from '../shared/error-catalogue';
import type { ChangeImageDetails, ImageCommand, RemoveImage, UploadImage } from './commands';
import { DEFAULT_FOCAL_POINT, type FocalPoint, type ImageDetailsChanges, type ImageEvent } from './events';
import {
  fillMessage, formatFileSize, IMAGE_CONTENT_TYPES, IMAGE_TEXT_LIMITS, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, normaliseFileName, originalSizeOf,
} from './image-rules';
import type { ImageDetails, ImageState } from './state';

type ImageDecision = Decision<ImageEvent, DomainError>;
type Check = DomainError | null;

export function decideImage(command: ImageCommand, state: ImageState): ImageDecision {
  switch (command.type) {
    case 'UploadImage':
      return upload(command, state);
    case 'ChangeImageDetails':
      return state.status === 'active' ? changeDetails(command, state.image) : reject(domainError('IMAGE_NOT_FOUND'));
    case 'RemoveImage':
      return state.status === 'active' ? remove(command, state.image) : reject(domainError('IMAGE_NOT_FOUND'));
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled image command ${JSON.stringify(unhandled)}`);
    }
  }
}

/** Every rule an upload must pass, in the order an owner would want to hear about them. */
export function checkUploadImage(command: UploadImage): Check {
  const { filename, byteLength, format, dimensions, colorData, contentHash } = command.data;
  const fileName = normaliseFileName(filename);
  if (fileName === null) return domainError('MISSING_FILE_NAME');
  if (byteLength > MAX_IMAGE_BYTES) {
    const maxSize = formatFileSize(MAX_IMAGE_BYTES);
    return domainError('FILE_TOO_LARGE', { fileName, maxSize, byteLength }, fillMessage(ERROR_MESSAGES.FILE_TOO_LARGE, { fileName, maxSize }));
  }
  const unsupported = domainError('UNSUPPORTED_FILE', { fileName }, fillMessage(ERROR_MESSAGES.UNSUPPORTED_FILE, { fileName }));
  if (byteLength === 0 || format === null || dimensions === null) return unsupported;
  if (!isPositiveInteger(dimensions.width) || !isPositiveInteger(dimensions.height)) return unsupported;
  if (dimensions.width * dimensions.height > MAX_IMAGE_PIXELS) {
    const maxPixels = `${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
    return domainError('IMAGE_TOO_MANY_PIXELS', { fileName, maxPixels }, fillMessage(ERROR_MESSAGES.IMAGE_TOO_MANY_PIXELS, { fileName, maxPixels }));
  }
  if (colorData === null) return unsupported;
  if (!/^[0-9a-f]{64}$/.test(contentHash)) return domainError('INVALID_REQUEST', { field: 'contentHash' }, 'contentHash must be a SHA-256 in hex.');
  const { altText = '', title = '', body = '', mediaFocalPoint } = command.data;
  return checkTexts({ altText, title, body }) || (mediaFocalPoint ? checkFocalPoint(mediaFocalPoint) : null);
}

function isPositiveInteger(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}

export function checkFocalPoint(point: FocalPoint): Check {
  const inRange = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 1;
  return inRange(point?.x) && inRange(point?.y) ? null : domainError('INVALID_FOCAL_POINT', { mediaFocalPoint: point });
}

function checkTexts(texts: { altText?: string; title?: string; body?: string }): Check {
  for (const field of ['altText', 'title', 'body'] as const) {
    const value = texts[field];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length > IMAGE_TEXT_LIMITS[field]) {
      return domainError('INVALID_TEXT_FIELD', { field, maxLength: IMAGE_TEXT_LIMITS[field] });
    }
  }
  return null;
}

function upload(command: UploadImage, state: ImageState): ImageDecision {
  if (state.status !== 'none') return reject(domainError('IMAGE_ALREADY_EXISTS'));
  const invalid = checkUploadImage(command);
  if (invalid) return reject(invalid);
  const d = command.data;
  const format = d.format!;
  return accept({
    type: 'ImageUploaded',
    data: {
      imageId: d.imageId,
      filename: normaliseFileName(d.filename)!,
      format,
      contentType: IMAGE_CONTENT_TYPES[format],
      originalSize: originalSizeOf(d.dimensions!),
      mediaFocalPoint: d.mediaFocalPoint ?? DEFAULT_FOCAL_POINT,
      colorData: d.colorData!,
      altText: d.altText ?? '',
      title: d.title ?? '',
      body: d.body ?? '',
      byteLength: d.byteLength,
      contentHash: d.contentHash,
      uploadedAt: d.now,
    },
  });
}

/** Only fields that differ from the image's are recorded; no difference, no event. */
function changeDetails(command: ChangeImageDetails, image: ImageDetails): ImageDecision {
  const { imageId, changes, now } = command.data;
  const invalid = checkTexts(changes) || (changes.mediaFocalPoint !== undefined ? checkFocalPoint(changes.mediaFocalPoint) : null);
  if (invalid) return reject(invalid);
  const changed: ImageDetailsChanges = {};
  for (const field of ['altText', 'title', 'body'] as const) {
    const value = changes[field];
    if (value !== undefined && value !== image[field]) changed[field] = value;
  }
  const point = changes.mediaFocalPoint;
  if (point && (point.x !== image.mediaFocalPoint.x || point.y !== image.mediaFocalPoint.y)) changed.mediaFocalPoint = { x: point.x, y: point.y };
  if (Object.keys(changed).length === 0) return accept();
  return accept({ type: 'ImageDetailsChanged', data: { imageId, changes: changed, changedAt: now } });
}

function remove(command: RemoveImage, image: ImageDetails): ImageDecision {
  return accept({ type: 'ImageRemoved', data: { imageId: command.data.imageId, contentHash: image.contentHash, removedAt: command.data.now } });
}
