import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OwnerSessionStore } from '../../security/owner-session.store';
import { SignOutCommand } from './sign-out.command';

@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand, void> {
  constructor(private readonly sessions: OwnerSessionStore) {}

  async execute({ sessionId }: SignOutCommand): Promise<void> {
    await this.sessions.delete(sessionId);
  }
}
