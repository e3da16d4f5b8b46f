export {
  BYTES_PER_MB, formatFileSize, IMAGE_CONTENT_TYPES, IMAGE_FORMATS, IMAGE_TEXT_LIMITS, MAX_FILE_NAME_LENGTH, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS,
  normaliseFileName, originalSizeOf, parseOriginalSize, sniffImageFormat, type ImageDimensions, type ImageFormat,
} from './image-rules';
export {
  altTextFor, availableWidths, IMAGE_WIDTHS, imageUrl, loadingAttributes, MAX_ALT_TEXT_LENGTH, parseImageFormatQuery, renditionWidth, srcsetFor,
  systemDataVariants, thumbnailWidthFor, type ImageFormatQuery, type ImagePriority, type ImageWidth, type SizedImage,
} from './image-sizes';
export * from './events';
export * from './state';
export * from './commands';
export * from './decide';
export * from './evolve';
export * from './image-decider';
export * from './image-record';
export * from './requests';
