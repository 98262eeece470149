import { Controller, HttpCode, Inject, Patch, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Routes, PasswordResetMessages, type InternalResetPasswordResponse, type UserDto } from '@rampquote/contracts';
import { InternalClient } from '@rampquote/service-kit';
import { ApiError } from '../edge/api-error';
import { SessionsService } from '../sessions/sessions.service';
import { IDENTITY_SERVICE } from './identity-service.provider';

const promisify = (fn: (cb: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

/** The UserDto part of svc-identity's profile answer (what the session keeps and /api/auth/me returns). */
export function sessionUserFrom(profile: Record<string, unknown>, current: UserDto): UserDto {
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  return {
    id: current.id,
    username: text(profile.username, current.username),
    email: text(profile.email, current.email),
    role: current.role,
    firstName: text(profile.firstName, current.firstName),
    lastName: text(profile.lastName, current.lastName),
    companyName: typeof profile.companyName === 'string' ? profile.companyName : null,
  };
}

/**
 * The routes the route policy marks `handler: 'gateway'` with owner svc-identity: the gateway forwards them to
 * svc-identity and then updates its sessions, before the browser sees the answer. svc-identity unreachable or
 * too slow: 502 / 504 in the JSON error shape (InternalCallError).
 */
@Controller()
export class AccountController {
  constructor(
    @Inject(IDENTITY_SERVICE) private readonly identity: InternalClient,
    private readonly sessions: SessionsService,
  ) {}

  /** PATCH /api/user/profile: the answer (the updated user) replaces the session user. */
  @Patch(Routes.user.profile)
  patchProfile(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forwardProfile('PATCH', req, res);
  }

  /** PUT /api/user/profile (client profile form): same. */
  @Put(Routes.user.profile)
  putProfile(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forwardProfile('PUT', req, res);
  }

  /** POST /api/reset-password: svc-identity sets the password; then every session of that user ends. */
  @Post(Routes.auth.resetPassword)
  @HttpCode(200)
  async resetPassword(@Req() req: Request, @Res() res: Response): Promise<void> {
    const answer = await this.identity.post(Routes.internal.resetPassword, req.body ?? {});
    if (answer.status !== 200) {
      res.status(answer.status).json(answer.body);
      return;
    }
    const { userId } = answer.body as InternalResetPasswordResponse;
    await this.sessions.endSessionsOfUser(userId);
    if (req.session?.user?.id === userId) await promisify((cb) => req.session.destroy(cb));
    res.status(200).json({ message: PasswordResetMessages.done });
  }

  private async forwardProfile(method: 'PATCH' | 'PUT', req: Request, res: Response): Promise<void> {
    const current = req.session?.user;
    if (!current) throw new ApiError(401, { error: 'Authentication required' });
    const user = { id: current.id, email: current.email, role: current.role };
    const answer = await this.identity.request(method, Routes.user.profile, { body: req.body ?? {}, user });
    if (answer.status >= 200 && answer.status < 300 && typeof answer.body === 'object' && answer.body !== null) {
      req.session.user = sessionUserFrom(answer.body as Record<string, unknown>, current);
      await promisify((cb) => req.session.save(cb));
    }
    res.setHeader('Cache-Control', 'no-store');
    res.status(answer.status).json(answer.body ?? null);
  }
}
