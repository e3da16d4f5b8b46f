import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { permissionsOf, RegisterOwnerRequest, SignInRequest, type OwnerSummary, type Permission } from '@storefront/domain';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { orThrow } from '../infrastructure/http/domain-exception';
import { parseBody } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission, SignedIn } from '../security/permission.decorator';
import { sessionOf } from '../security/owner-request-hooks';
import type { SessionOwner } from '../security/owner-session.store';
import { clearSessionCookie, setSessionCookie } from '../security/session-cookie';
import { PasswordConfirmation } from './password-confirmation';
import { RegisterOwnerCommand } from './commands/register-owner.command';
import type { RegisterOwnerResult } from './commands/register-owner.handler';
import { SignInCommand } from './commands/sign-in.command';
import type { SignInResult } from './commands/sign-in.handler';
import { SignOutCommand } from './commands/sign-out.command';
import { ListOwnersQuery } from './queries/list-owners.query';

/**
 * A session as the owner app sees it: the XSRF token its writes echo, and the owner with their
 * roles and what those roles may do by the domain's permission table (the app shows only that;
 * the server enforces it on every route).
 */
export type SessionResponse = { xsrfToken: string; owner: SessionOwner & { permissions: Permission[] } };

function sessionResponse(xsrfToken: string, owner: SessionOwner): SessionResponse {
  return { xsrfToken, owner: { ...owner, permissions: permissionsOf(owner.roles) } };
}

/** Owner sign-in, session and owner management API. */
@Controller('api/config')
export class AccountsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly confirmation: PasswordConfirmation,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Session login payload (SPEC section 3) → xsrfToken, plus the session cookie. */
  @Post('session')
  @HttpCode(200)
  async signIn(@Req() req: AppRequest, @Res({ passthrough: true }) res: FastifyReply, @Body() body: unknown): Promise<SessionResponse> {
    const { email, password, rememberMe } = parseBody(SignInRequest, body);
    const command = new SignInCommand(email, password, rememberMe, req.ip || req.socket.remoteAddress || 'unknown');
    const { session } = orThrow(await this.commands.execute<SignInCommand, SignInResult>(command));
    setSessionCookie(res, session.token, {
      persistent: session.persistent,
      ttlMs: session.ttlMs,
      secure: this.config.secureCookies,
      xsrfToken: session.xsrfToken,
    });
    return sessionResponse(session.xsrfToken, session.owner);
  }

  /** The signed-in owner, their permissions and the session's XSRF token (for an app reloaded in the same tab). */
  @Get('session')
  @SignedIn()
  current(@Req() req: AppRequest): SessionResponse {
    const session = sessionOf(req)!;
    return sessionResponse(session.xsrfToken, session.owner);
  }

  /** Signs out: the session row goes and the cookie is cleared. Anonymous: nothing to do. */
  @Delete('session')
  @HttpCode(204)
  async signOut(@Req() req: AppRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    if (req.state.owner) await this.commands.execute(new SignOutCommand(req.state.owner.sessionId));
    clearSessionCookie(res, this.config.secureCookies);
  }

  @Get('owners')
  @RequiresPermission('accounts.manage')
  async listOwners(): Promise<{ owners: OwnerSummary[] }> {
    return { owners: await this.queries.execute<ListOwnersQuery, OwnerSummary[]>(new ListOwnersQuery()) };
  }

  /** Creates an owner account: admin only, and the admin's own password again as `currentPassword`. */
  @Post('owners')
  @RequiresPermission('accounts.manage')
  @HttpCode(201)
  async registerOwner(@Req() req: AppRequest, @Body() body: unknown): Promise<{ owner: OwnerSummary }> {
    const { email, password, roles, currentPassword } = parseBody(RegisterOwnerRequest, body);
    await this.confirmation.require(req, currentPassword);
    const command = new RegisterOwnerCommand(commandContextFor(req), email, password, roles);
    const { owner } = orThrow(await this.commands.execute<RegisterOwnerCommand, RegisterOwnerResult>(command));
    return { owner };
  }
}
