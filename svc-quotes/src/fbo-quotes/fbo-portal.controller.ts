import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Query } from '@nestjs/common';
import {
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
import { FboQuotesService } from './fbo-quotes.service';

type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };

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

  /** `?fboId=` keeps one of the user's FBOs. */
  @Get('inbox')
  async inbox(@CurrentIdentity() identity: SignedIn, @Query('fboId') fboId: unknown): Promise<FboInboxResponse> {
    let fboIds = await this.fboIds(identity);
    if (typeof fboId === 'string' && fboId) {
      fboIds = fboIds.filter((id) => id === fboId.toLowerCase());
      if (!fboIds.length) throw new NotFoundException({ error: FboMemberMessages.fboNotFound });
    }
    return { requests: await this.quotes.inbox(fboIds) };
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
