import { RegisterOwnerHandler } from './register-owner.handler';
import { SignInHandler } from './sign-in.handler';
import { SignOutHandler } from './sign-out.handler';

export const CommandHandlers = [RegisterOwnerHandler, SignInHandler, SignOutHandler];
