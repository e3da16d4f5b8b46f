import { parseRequest } from '../shared/requests';
import { ImageDetailsRequest } from './requests';

describe('ImageDetailsRequest', () => {
  const parse = (body: unknown) => parseRequest(ImageDetailsRequest, body);

  it('gives the changes named, numeric text in a focal point as numbers, and nothing for fields left out', () => {
    expect(parse({ altText: 'A mug', mediaFocalPoint: { x: '0.25', y: 0.75 }, other: 1 })).toEqual({ ok: true, value: { altText: 'A mug', mediaFocalPoint: { x: 0.25, y: 0.75 } } });
    expect(parse({})).toEqual({ ok: true, value: {} });
  });

  it.each([
    [null, 'INVALID_REQUEST', 'The request body must be a JSON object.', { field: 'body' }],
    [[], 'INVALID_REQUEST', 'The request body must be a JSON object.', { field: 'body' }],
    [{ altText: 5 }, 'INVALID_TEXT_FIELD', 'altText must be text.', { field: 'altText' }],
    [{ title: 'ok', body: ['x'] }, 'INVALID_TEXT_FIELD', 'body must be text.', { field: 'body' }],
    [{ mediaFocalPoint: null }, 'INVALID_FOCAL_POINT', undefined, { mediaFocalPoint: null }],
    [{ mediaFocalPoint: { x: 'left', y: 1 } }, 'INVALID_FOCAL_POINT', undefined, { mediaFocalPoint: { x: 'left', y: 1 } }],
  ])('refuses %j with %s', (body, code, message, details) => {
    const parsed = parse(body);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe(code);
    if (message) expect(parsed.error.message).toBe(message);
    expect(parsed.error.details).toEqual(details);
  });

  it('reports the first problem in the order altText, title, body, mediaFocalPoint', () => {
    const parsed = parse({ mediaFocalPoint: 'x', body: 1, altText: 2 });
    expect(!parsed.ok && parsed.error.details).toEqual({ field: 'altText' });
  });
});
