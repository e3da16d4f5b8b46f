import type { Readable } from 'node:stream';

/** The file of an upload request as received: its bytes when within the limit, and how many came. */
export type ReceivedFile = {
  filename: string;
  /** Null when the file was larger than the limit (it was counted, not kept). */
  bytes: Buffer | null;
  byteLength: number;
};

/**
 * Reads a request body keeping at most `max` bytes. Past the limit it keeps reading but only
 * counts, so the client still receives the answer (an early reply while it is sending surfaces as
 * a broken connection instead of the SPEC's 'too large' message).
 */
export function readBoundedBody(stream: Readable, max: number): Promise<{ bytes: Buffer | null; byteLength: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let byteLength = 0;
    stream.on('data', (chunk: Buffer) => {
      byteLength += chunk.length;
      if (byteLength <= max) chunks.push(chunk);
      else chunks.length = 0;
    });
    let ended = false;
    stream.once('end', () => {
      ended = true;
      resolve({ bytes: byteLength <= max ? Buffer.concat(chunks, byteLength) : null, byteLength });
    });
    stream.once('error', reject);
    // A client that goes away mid-upload never sends the end: give up rather than wait forever.
    stream.once('close', () => {
      if (!ended) reject(new Error('the upload was aborted before its end'));
    });
  });
}

/** What multer's storage engine hands back for a file: multer merges it into `req.file`. */
export type BoundedMemoryFile = { originalname: string; buffer: Buffer | null; size: number };

type MulterFileStream = { originalname: string; stream: Readable };

/**
 * A multer storage engine like its memory storage, but a file over `max` bytes is counted instead
 * of rejected, so the handler can answer with the SPEC's message naming the file (multer's own
 * size limit would fail the request before the file name is known to us).
 */
export function boundedMemoryStorage(max: number) {
  return {
    _handleFile(_req: unknown, file: MulterFileStream, callback: (error: Error | null, info?: Partial<BoundedMemoryFile>) => void) {
      readBoundedBody(file.stream, max).then(
        ({ bytes, byteLength }) => callback(null, { buffer: bytes, size: byteLength }),
        (error: Error) => callback(error),
      );
    },
    _removeFile(_req: unknown, file: Partial<BoundedMemoryFile>, callback: (error: Error | null) => void) {
      delete file.buffer;
      callback(null);
    },
  };
}
