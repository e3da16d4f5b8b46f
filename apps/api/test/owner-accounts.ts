import { CommandBus } from '@nestjs/cqrs';
import { testCommandContext } from '@storefront/eventstore/testing';
import { RegisterOwnerCommand } from '../src/accounts/commands/register-owner.command';
import type { RegisterOwnerResult } from '../src/accounts/commands/register-owner.handler';
import { OwnerSessionStore } from '../src/security/owner-session.store';
import { OWNER_SESSION_COOKIE } from '../src/security/session-cookie';
import type { OwnerSession } from './store-fixtures';
import type { TestApp } from './test-app';

/**
 * An owner account with `roles`, registered by the accounts context's own command, and a session
 * for it opened the way sign-in opens one once the password is checked. For suites that need many
 * accounts: it skips the HTTP registration's password confirmation and sign-in's password check
 * (two slow scrypt runs each; accounts.e2e.spec.ts tests those).
 */
export async function ownerWithRoles(t: TestApp, email: string, roles: readonly string[]): Promise<OwnerSession> {
  const result = await t.app.get(CommandBus).execute<RegisterOwnerCommand, RegisterOwnerResult>(
    new RegisterOwnerCommand(testCommandContext(), email, 'a long enough password', roles),
  );
  if (!result.ok) throw new Error(`registering ${email}: ${result.error.code}`);
  const session = await t.app.get(OwnerSessionStore).create({ id: result.owner.id, email: result.owner.email, roles: result.owner.roles }, false);
  return { cookie: `${OWNER_SESSION_COOKIE}=${session.token}`, xsrf: session.xsrfToken };
}
