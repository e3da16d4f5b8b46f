import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { RegisterOwnerRequest, SignInRequest, type OwnerSummary } from '@storefront/domain';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { orThrow } from '../infrastructure/http/domain-exception';
import { parseBody } from '../infrastructure/http/parse-body';
import { commandContextFor, Req, type AppRequest } from '../infrastructure/http/request-context';
import { OwnerRoles } from '../security/owner-roles.decorator';
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

export type SessionResponse = { xsrfToken: string; owner: SessionOwner };

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
    return { xsrfToken: session.xsrfToken, owner: session.owner };
  }

  /** The signed-in owner and the session's XSRF token (for an app reloaded in the same tab). */
  @Get('session')
  @OwnerRoles()
  current(@Req() req: AppRequest): SessionResponse {
    const session = sessionOf(req)!;
    return { xsrfToken: session.xsrfToken, owner: session.owner };
  }

  /** Signs out: the session row goes and the cookie is cleared. Anonymous: nothing to do. */
  @Delete('session')
  @HttpCode(204)
  async signOut(@Req() req: AppRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    if (req.state.owner) await this.commands.execute(new SignOutCommand(req.state.owner.sessionId));
    clearSessionCookie(res, this.config.secureCookies);
  }

  @Get('owners')
  @OwnerRoles('admin')
  async listOwners(): Promise<{ owners: OwnerSummary[] }> {
    return { owners: await this.queries.execute<ListOwnersQuery, OwnerSummary[]>(new ListOwnersQuery()) };
  }

  /** Creates an owner account: admin only, and the admin's own password again as `currentPassword`. */
  @Post('owners')
  @OwnerRoles('admin')
  @HttpCode(201)
  async registerOwner(@Req() req: AppRequest, @Body() body: unknown): Promise<{ owner: OwnerSummary }> {
    const { email, password, roles, currentPassword } = parseBody(RegisterOwnerRequest, body);
    await this.confirmation.require(req, currentPassword);
    const command = new RegisterOwnerCommand(commandContextFor(req), email, password, roles);
    const { owner } = orThrow(await this.commands.execute<RegisterOwnerCommand, RegisterOwnerResult>(command));
    return { owner };
  }
}
