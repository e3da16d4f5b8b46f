/** Ends a session (the id is the hash of the cookie's token, as in `req.state.owner.sessionId`). */
export class SignOutCommand {
  constructor(readonly sessionId: string) {}
}
