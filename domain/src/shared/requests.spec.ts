import * as z from 'zod/mini';
import { fieldName, object, parseRequest, requestProblem, text, textList } from './requests';

describe('request schema building blocks', () => {
  it('names a field by its path in the body', () => {
    expect(fieldName(undefined)).toBe('body');
    expect(fieldName(['socialAccounts', 0, 'serviceName'])).toBe('socialAccounts[0].serviceName');
  });

  it('answers the first problem as a domain error; an unworded zod issue is INVALID_REQUEST naming the field', () => {
    const schema = object({ a: text(), b: textList() });
    expect(parseRequest(schema, { a: 1, b: 2 })).toEqual({ ok: false, error: { code: 'INVALID_TEXT_FIELD', message: 'a must be text.', details: { field: 'a' } } });
    expect(parseRequest(schema, { a: 'x', b: ['y', 3] })).toEqual({ ok: false, error: { code: 'INVALID_REQUEST', message: 'b must be a list of text.', details: { field: 'b' } } });
    const plain = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(!plain.success && requestProblem(plain.error)).toEqual({ code: 'INVALID_REQUEST', message: 'n is not valid.', details: { field: 'n' } });
  });
});
