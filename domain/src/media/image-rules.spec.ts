import { formatFileSize, normaliseFileName, parseOriginalSize, sniffImageFormat } from './image-rules';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'utf8')] : p)));

describe('image rules', () => {
  it('formats sizes with 1,000,000 bytes per MB (SPEC 9)', () => {
    expect(formatFileSize(20_000_000)).toBe('20 MB');
    expect(formatFileSize(1_500_000)).toBe('1.5 MB');
    expect(formatFileSize(999)).toBe('999 Bytes');
    expect(formatFileSize(2_345_678_901)).toBe('2.35 GB');
  });

  it('recognises formats from their bytes, not their names', () => {
    expect(sniffImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageFormat(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImageFormat(bytes('GIF89a…'))).toBe('gif');
    expect(sniffImageFormat(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(sniffImageFormat(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniffImageFormat(bytes('\uFEFF<?xml version="1.0"?>\n<!-- drawn by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>'))).toBe('svg');
    expect(sniffImageFormat(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffImageFormat(bytes('<html><svg></svg></html>'))).toBeNull();
    expect(sniffImageFormat(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
  });

  it('keeps the last segment of a file name, trimmed', () => {
    expect(normaliseFileName('C:\\fakepath\\mug.jpg')).toBe('mug.jpg');
    expect(normaliseFileName('a/b/ bowl.png ')).toBe('bowl.png');
    expect(normaliseFileName('')).toBeNull();
    expect(normaliseFileName('bad\nname.png')).toBeNull();
    expect(normaliseFileName(42)).toBeNull();
  });

  it('reads originalSize', () => {
    expect(parseOriginalSize('1500x1000')).toEqual({ width: 1500, height: 1000 });
    expect(parseOriginalSize('0x10')).toBeNull();
    expect(parseOriginalSize('1500')).toBeNull();
  });
});
