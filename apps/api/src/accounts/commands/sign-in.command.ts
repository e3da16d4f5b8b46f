/** Session login payload (SPEC section 3): email, password, rememberMe; plus the client's IP. */
export class SignInCommand {
  constructor(
    readonly email: unknown,
    readonly password: unknown,
    readonly rememberMe: unknown,
    readonly clientIp: string,
  ) {}
}
