import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  ApiRoutes,
  type CancelQuoteRequestResponse,
  type CreateQuoteRequestResponse,
  type DeleteQuoteRequestResponse,
  type InternalIdentity,
  type NotificationPreferences,
  type QuoteRequestDetailsDto,
  type QuoteRequestListItemDto,
  type QuoteResponseDetailsDto,
  type QuoteResponseResultDto,
  type UpdateNotificationPreferences,
  updateNotificationPreferencesSchema,
} from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { QuoteRequestBodyPipe, type QuoteRequestBody } from './quote-request-body.pipe';
import { QuoteRequestsService } from './quote-requests.service';

type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };

/**
 * The requester's calls (spec section 7 and the additions of issues 10 and 11). Every route needs a signed-in
 * user and reaches only that user's requests: another user's request answers 404 like a missing one.
 */
@Controller(ApiRoutes.quoteRequests)
@RequireIdentity({ user: true })
export class QuoteRequestsController {
  constructor(private readonly requests: QuoteRequestsService) {}

  /** The request form's payload or the legacy wizard's; 201 `{ id, uniqueId }`. */
  @Post()
  @HttpCode(201)
  create(@CurrentIdentity() identity: SignedIn, @Body(new QuoteRequestBodyPipe()) body: QuoteRequestBody): Promise<CreateQuoteRequestResponse> {
    return this.requests.create(identity.user, body);
  }

  @Get()
  list(@CurrentIdentity() identity: SignedIn): Promise<QuoteRequestListItemDto[]> {
    return this.requests.list(identity.user);
  }

  @Get(':id')
  details(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<QuoteRequestDetailsDto> {
    return this.requests.details(identity.user, id);
  }

  /** `?view=results`: the results view's reading (totalPrice in cents); otherwise the details page's. */
  @Get(':id/responses')
  responses(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Query('view') view: unknown,
  ): Promise<QuoteResponseDetailsDto[] | QuoteResponseResultDto[]> {
    return this.requests.responses(identity.user, id, view === 'results' ? 'results' : 'details');
  }

  @Delete(':id')
  remove(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<DeleteQuoteRequestResponse> {
    return this.requests.remove(identity.user, id);
  }

  /** The "Waiting for Quotes" checkboxes, saved and honoured by the e-mail consumer; either field alone (PUT or PATCH). */
  @Put(':id/notifications')
  notifications(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateNotificationPreferencesSchema)) body: UpdateNotificationPreferences,
  ): Promise<NotificationPreferences> {
    return this.requests.updateNotifications(identity.user, id, body);
  }

  @Patch(':id/notifications')
  patchNotifications(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateNotificationPreferencesSchema)) body: UpdateNotificationPreferences,
  ): Promise<NotificationPreferences> {
    return this.requests.updateNotifications(identity.user, id, body);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<CancelQuoteRequestResponse> {
    return this.requests.cancel(identity.user, id);
  }
}
