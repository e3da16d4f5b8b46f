import * as z from 'zod/mini';
import { object } from '../shared/requests';

/**
 * Owner requests of the accounts context (SPEC 3, session login payload; SPEC 6, roles). Sign-in
 * never says which field was wrong: a value of the wrong type counts as an empty one, so it meets
 * the same throttle and the same 'invalid credentials' answer as a wrong password. Registration's
 * rules (a valid email, the password policy, known roles) are the domain's, in that order; the
 * schema only gives them typed values (a wrong type becomes the empty value the rule refuses).
 */

/** Text, or '' for anything else. */
const textOrEmpty = () => z.catch(z.string(), '');

export const SignInRequest = object({
  email: textOrEmpty(),
  password: textOrEmpty(),
  rememberMe: z.catch(z.boolean(), false),
});
export type SignInRequest = z.output<typeof SignInRequest>;

export const RegisterOwnerRequest = object({
  email: textOrEmpty(),
  password: textOrEmpty(),
  /** Role names or their SPEC numbers; anything but such a list is no roles (INVALID_ROLES). */
  roles: z.catch(z.array(z.union([z.string(), z.number()])), []),
  /** The signed-in admin's own password, confirming the change. */
  currentPassword: textOrEmpty(),
});
export type RegisterOwnerRequest = z.output<typeof RegisterOwnerRequest>;
