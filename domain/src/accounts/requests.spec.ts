import { parseRequest } from '../shared/requests';
import { RegisterOwnerRequest, SignInRequest } from './requests';

describe('accounts requests', () => {
  it('signs in with text and a yes/no, and turns anything else into the empty value the credentials check refuses', () => {
    expect(parseRequest(SignInRequest, { email: 'a@b.co', password: 'pw', rememberMe: true })).toEqual({ ok: true, value: { email: 'a@b.co', password: 'pw', rememberMe: true } });
    expect(parseRequest(SignInRequest, { email: 42, password: { $ne: '' }, rememberMe: 'yes' })).toEqual({ ok: true, value: { email: '', password: '', rememberMe: false } });
    expect(parseRequest(SignInRequest, {})).toEqual({ ok: true, value: { email: '', password: '', rememberMe: false } });
  });

  it('registers with roles as names or SPEC numbers; a wrong type becomes no roles (INVALID_ROLES in decide)', () => {
    expect(parseRequest(RegisterOwnerRequest, { email: 'e@x.co', password: 'long enough pw', roles: ['editor', 3], currentPassword: 'cur' }))
      .toEqual({ ok: true, value: { email: 'e@x.co', password: 'long enough pw', roles: ['editor', 3], currentPassword: 'cur' } });
    expect(parseRequest(RegisterOwnerRequest, { email: ['x'], roles: 'admin' })).toEqual({ ok: true, value: { email: '', password: '', roles: [], currentPassword: '' } });
    expect(parseRequest(RegisterOwnerRequest, { roles: [{ name: 'admin' }] })).toMatchObject({ ok: true, value: { roles: [] } });
  });

  it.each([null, [], 'email=a@b.co', 7])('refuses a body that is not a JSON object (%j)', (body) => {
    const parsed = parseRequest(SignInRequest, body);
    expect(!parsed.ok && [parsed.error.code, parsed.error.message]).toEqual(['INVALID_REQUEST', 'The request body must be a JSON object.']);
  });
});
