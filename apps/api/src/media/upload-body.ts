import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { checkBodyText } from '../infrastructure/http/body-parsers';

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

/** The limits of a multipart upload: one file, a few short text fields beside it. */
export const MULTIPART_LIMITS = { files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 } as const;

/**
 * Reads a multipart/form-data upload: the file in `fileField` (kept up to `max` bytes, counted
 * beyond, so the handler can answer with the SPEC's message naming the file) and the text fields.
 * Other file fields are read and dropped. A text field whose name or value holds a NUL character
 * is 400 INVALID_REQUEST once the whole body is read (as in a JSON or form body).
 */
export async function readMultipartUpload(
  req: FastifyRequest,
  fileField: string,
  max: number,
): Promise<{ file: ReceivedFile | null; fields: Record<string, string> }> {
  let file: ReceivedFile | null = null;
  const fields: Record<string, string> = {};
  for await (const part of req.parts({ limits: { ...MULTIPART_LIMITS, fileSize: max + 1 } })) {
    if (part.type === 'file') {
      const { bytes, byteLength } = await readBoundedBody(part.file, max);
      if (part.fieldname === fileField && !file) file = { filename: part.filename, bytes, byteLength };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  for (const [name, value] of Object.entries(fields)) {
    checkBodyText(name);
    checkBodyText(value);
  }
  return { file, fields };
}
