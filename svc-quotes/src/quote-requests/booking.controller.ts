import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { Routes, type BookingResponse, type InternalIdentity } from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity } from '@rampquote/service-kit';
import { BookingService } from './booking.service';

type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };

/** POST /api/quote-requests/{id}/booking {fboId}: the owner books with an FBO that sent an estimate. */
@Controller(Routes.quoteRequests.root)
@RequireIdentity({ user: true })
export class BookingController {
  constructor(private readonly bookings: BookingService) {}

  @Post(':id/booking')
  @HttpCode(200)
  book(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<BookingResponse> {
    return this.bookings.book(identity.user, id, body);
  }
}

/** POST /api/fbo-quote/{fboId}/{token}/booking {decision, reason?}: the chosen FBO answers from its link. */
@Controller(`${Routes.fboQuote.root}/:fboId/:token`)
export class FboBookingController {
  constructor(private readonly bookings: BookingService) {}

  @Post('booking')
  @HttpCode(200)
  decide(
    @Param('fboId') fboId: string,
    @Param('token') token: string,
    @Body() body: unknown,
  ): Promise<BookingResponse> {
    return this.bookings.decide({ kind: 'link', fboId, token }, body);
  }
}
