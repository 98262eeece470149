import { Controller, Header, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Routes, type LoginInput, type UserDto } from '@rampquote/contracts';
import { RateLimitsService } from '../rate-limits/rate-limits.service';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { LiveStreamsService } from '../live-streams/live-streams.service';
import { REMEMBER_ME_MS } from '../sessions/sessions.service';
import { clientIp } from '../rate-limits/action-limits.middleware';
import type { SignedInUser } from './local.strategy';
import { LocalAuthGuard, LoginBodyGuard, LoginThrottleGuard } from './login.guards';

const promisify = (fn: (cb: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

/** The gateway's own API: the browser session (ARCHITECTURE section 1); GET /api/auth/me is signed-in-user.ts. */
@Controller()
export class AuthController {
  constructor(
    private readonly limits: RateLimitsService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly streams: LiveStreamsService,
  ) {}

  @Post(Routes.auth.login)
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(LoginBodyGuard, LoginThrottleGuard, LocalAuthGuard)
  async login(@Req() req: Request): Promise<UserDto> {
    const { user, accessRevision } = req.user as SignedInUser;
    const { email, remember } = req.body as LoginInput;
    // A new session id at login: an id planted before login (session fixation) is worthless afterwards.
    await promisify((cb) => req.session.regenerate(cb));
    req.session.user = user;
    req.session.accessRevision = accessRevision;
    req.session.signedInAt = Date.now();
    // "Remember me" keeps the cookie 30 days after the last request (moved on, and re-sent, at most every 3 days:
    // SessionsService), never more than 90 days after this sign-in; otherwise it ends with the browser.
    if (remember) req.session.cookie.maxAge = REMEMBER_ME_MS;
    await promisify((cb) => req.session.save(cb));
    await this.limits.resetLogin(email, clientIp(req));
    return user;
  }

  @Post(Routes.auth.logout)
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ message: string }> {
    if (req.session) {
      const sid = req.session.id;
      await promisify((cb) => req.session.destroy(cb));
      this.streams.endSession(sid);
    }
    res.clearCookie(this.config.sessionCookieName, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.servedOverTls || req.secure,
    });
    return { message: 'Logged out' };
  }
}
