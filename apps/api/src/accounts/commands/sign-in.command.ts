/** Session login payload (SPEC section 3): email, password, rememberMe; plus the client's IP. */
export class SignInCommand {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly rememberMe: boolean,
    readonly clientIp: string,
  ) {}
}
