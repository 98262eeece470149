import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Query } from '@nestjs/common';
import {
  FBO_INBOX_DEFAULT_LIMIT,
  FBO_INBOX_MAX_LIMIT,
  FboInboxMessages,
  FboMemberMessages,
  Routes,
  type BookingResponse,
  type EstimateAnswerResponse,
  type EstimatePageDataDto,
  type FboInboxResponse,
  type InternalIdentity,
} from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity } from '@rampquote/service-kit';
import { NeighboursService } from '../neighbours/neighbours.service';
import { BookingService } from '../quote-requests/booking.service';
import { decodeListCursor } from '../shared/list-cursor';
import { invalidRequest } from '../shared/parse-body';
import { FboQuotesService, type FboInboxPage } from './fbo-quotes.service';

type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };

/** `?limit=` and `?before=` of the inbox; 400 in the usual error shape when they are not usable. */
function inboxPage(limit: unknown, before: unknown): FboInboxPage {
  const page: FboInboxPage = { limit: FBO_INBOX_DEFAULT_LIMIT };
  if (limit !== undefined) {
    const n = typeof limit === 'string' && /^\d{1,4}$/.test(limit) ? Number(limit) : NaN;
    if (!(n >= 1 && n <= FBO_INBOX_MAX_LIMIT))
      throw invalidRequest([{ field: 'limit', message: FboInboxMessages.limit }]);
    page.limit = n;
  }
  if (before !== undefined) {
    const row = typeof before === 'string' && before.length <= 200 ? decodeListCursor(before) : null;
    if (!row) throw invalidRequest([{ field: 'before', message: FboInboxMessages.cursor }]);
    page.before = row;
  }
  return page;
}

/**
 * The FBO inbox of a signed-in user (any role): the requests sent to the FBOs they are a member of, as svc-airports
 * says on every request (so a removed member sees nothing from the next request on), and each request's estimate
 * page without the link. An invitation of another FBO, or an FBO they do not belong to, answers 404.
 */
@Controller(Routes.fboPortal.root)
@RequireIdentity({ user: true })
export class FboPortalController {
  constructor(
    private readonly quotes: FboQuotesService,
    private readonly neighbours: NeighboursService,
    private readonly bookings: BookingService,
  ) {}

  private async fboIds(identity: SignedIn): Promise<string[]> {
    return (await this.neighbours.fboMemberships(identity.user.id)).map((m) => m.fboId.toLowerCase());
  }

  /** `?fboId=` keeps one of the user's FBOs; `?limit=` rows from `?before=` (a page's nextCursor) on. */
  @Get('inbox')
  async inbox(
    @CurrentIdentity() identity: SignedIn,
    @Query('fboId') fboId: unknown,
    @Query('limit') limit: unknown,
    @Query('before') before: unknown,
  ): Promise<FboInboxResponse> {
    const page = inboxPage(limit, before);
    let fboIds = await this.fboIds(identity);
    if (typeof fboId === 'string' && fboId) {
      fboIds = fboIds.filter((id) => id === fboId.toLowerCase());
      if (!fboIds.length) throw new NotFoundException({ error: FboMemberMessages.fboNotFound });
    }
    return this.quotes.inbox(fboIds, page);
  }

  @Get('requests/:invitationId')
  async page(
    @CurrentIdentity() identity: SignedIn,
    @Param('invitationId') invitationId: string,
  ): Promise<EstimatePageDataDto> {
    return this.quotes.page({ kind: 'account', fboIds: await this.fboIds(identity), invitationId });
  }

  @Post('requests/:invitationId/submit')
  @HttpCode(201)
  async submit(
    @CurrentIdentity() identity: SignedIn,
    @Param('invitationId') invitationId: string,
    @Body() body: unknown,
  ): Promise<EstimateAnswerResponse> {
    return this.quotes.submit({ kind: 'account', fboIds: await this.fboIds(identity), invitationId }, body);
  }

  @Post('requests/:invitationId/decline')
  @HttpCode(201)
  async decline(
    @CurrentIdentity() identity: SignedIn,
    @Param('invitationId') invitationId: string,
    @Body() body: unknown,
  ): Promise<EstimateAnswerResponse> {
    return this.quotes.decline({ kind: 'account', fboIds: await this.fboIds(identity), invitationId }, body);
  }

  /** {decision: "confirm" | "decline", reason?}: the chosen FBO answers the pilot's booking, as from its link. */
  @Post('requests/:invitationId/booking')
  @HttpCode(200)
  async booking(
    @CurrentIdentity() identity: SignedIn,
    @Param('invitationId') invitationId: string,
    @Body() body: unknown,
  ): Promise<BookingResponse> {
    return this.bookings.decide({ kind: 'account', fboIds: await this.fboIds(identity), invitationId }, body);
  }
}
