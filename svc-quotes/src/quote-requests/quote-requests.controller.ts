import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import {
  Routes,
  type CancelQuoteRequestResponse,
  type CreateQuoteRequestResponse,
  type DeleteQuoteRequestResponse,
  type InternalIdentity,
  type NotificationPreferences,
  type QuoteRequestDetailsDto,
  type QuoteResponseDetailsDto,
  type QuoteResponseResultDto,
  type UpdateNotificationPreferences,
  updateNotificationPreferencesSchema,
} from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { QuoteRequestBodyPipe, type QuoteRequestBody } from './quote-request-body.pipe';
import { invalidRequest } from '../shared/parse-body';
import { CancelQuoteRequestService } from './cancel-quote-request.service';
import { CreateQuoteRequestService } from './create-quote-request.service';
import { DeleteQuoteRequestService } from './delete-quote-request.service';
import { decodeListCursor } from '../shared/list-cursor';
import { MyQuotesService, type MyQuotesPage } from './my-quotes.service';
import { NotificationPreferencesService } from './notification-preferences.service';
import { QuoteRequestDetailsService } from './quote-request-details.service';
import { GZIP_MIN_BYTES } from './my-quotes-list-cache';

type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };
/** What the list writes to Express's response (it answers by itself: a body may be gzip bytes). */
type ListResponse = {
  setHeader(name: string, value: string): unknown;
  status(code: number): { end(body?: string | Buffer): unknown };
};

export const MAX_LIST_LIMIT = 200;
/** Rows of a My Quotes answer without `?limit`: one page, the next one named in `Link` and `X-Next-Cursor`. */
export const DEFAULT_LIST_LIMIT = MAX_LIST_LIMIT;
export const ListMessages = {
  limit: `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}`,
  cursor: 'cursor is not one this list gave out',
} as const;

/** `?limit` and `?cursor` of GET /api/quote-requests; 400 in the usual error shape when they are not usable. */
function listPage(limit: unknown, cursor: unknown): MyQuotesPage {
  const page: MyQuotesPage = { limit: DEFAULT_LIST_LIMIT };
  if (limit !== undefined) {
    const n = typeof limit === 'string' && /^\d{1,4}$/.test(limit) ? Number(limit) : NaN;
    if (!(n >= 1 && n <= MAX_LIST_LIMIT)) throw invalidRequest([{ field: 'limit', message: ListMessages.limit }]);
    page.limit = n;
  }
  if (cursor !== undefined) {
    const after = typeof cursor === 'string' && cursor.length <= 200 ? decodeListCursor(cursor) : null;
    if (!after) throw invalidRequest([{ field: 'cursor', message: ListMessages.cursor }]);
    page.after = after;
  }
  return page;
}

/** Accept-Encoding names gzip (or *) with a non-zero weight (RFC 9110 section 12.5.3). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let star = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (coding.trim() === 'gzip' || coding.trim() === 'x-gzip') return weight > 0;
    if (coding.trim() === '*') star = weight > 0;
  }
  return star;
}

/** If-None-Match (a list, or *) against a weak ETag, compared weakly (RFC 9110 section 13.1.2). */
function matchesTag(ifNoneMatch: string, tag: string): boolean {
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => strip(t) === strip(tag));
}

/**
 * The requester's calls (spec section 7, with the list's pages, cancel and the notification preferences). Every route
 * needs a signed-in user and reaches only that user's requests: another user's request answers 404 like a missing one.
 */
@Controller(Routes.quoteRequests.root)
@RequireIdentity({ user: true })
export class QuoteRequestsController {
  constructor(
    private readonly creating: CreateQuoteRequestService,
    private readonly myQuotes: MyQuotesService,
    private readonly reading: QuoteRequestDetailsService,
    private readonly deleting: DeleteQuoteRequestService,
    private readonly cancelling: CancelQuoteRequestService,
    private readonly preferences: NotificationPreferencesService,
  ) {}

  /** The request form's payload or the legacy wizard's; 201 `{ id, uniqueId }`. */
  @Post()
  @HttpCode(201)
  create(
    @CurrentIdentity() identity: SignedIn,
    @Body(new QuoteRequestBodyPipe()) body: QuoteRequestBody,
  ): Promise<CreateQuoteRequestResponse> {
    return this.creating.create(identity.user, body);
  }

  /**
   * My Quotes rows (QuoteRequestListItemDto[]), newest first: a page of `?limit=N` (1-200, default 200) rows and,
   * when more follow, `Link: <...&cursor=...>; rel="next"` (and `X-Next-Cursor`) for the next one. Sent with a weak
   * ETag and `Cache-Control: private, no-cache`: a repeated read with `If-None-Match` (what a browser sends by itself)
   * is answered 304 without building the list while nothing in it changed. A page is built once per list version
   * and replica, then answered from memory, gzipped when the client accepts gzip (Vary: Accept-Encoding).
   */
  @Get()
  async list(
    @CurrentIdentity() identity: SignedIn,
    @Query('limit') limit: unknown,
    @Query('cursor') cursor: unknown,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Headers('cache-control') cacheControl: string | undefined,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Res() res: ListResponse,
  ): Promise<void> {
    const page = listPage(limit, cursor);
    const version = await this.myQuotes.listVersion(identity.user);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Vary', 'Accept-Encoding');
    // 304 without building the list, unless the request says `Cache-Control: no-cache` (a reload): then it is sent.
    const tag = this.myQuotes.listTag(identity.user, version);
    if (ifNoneMatch && matchesTag(ifNoneMatch, tag) && !/\bno-cache\b/i.test(cacheControl ?? '')) {
      res.setHeader('ETag', tag);
      res.status(304).end();
      return;
    }
    const built = await this.myQuotes.page(identity.user, version, page);
    res.setHeader('ETag', this.myQuotes.listTag(identity.user, built.version));
    const { next } = built.entry;
    if (next && page.limit) {
      res.setHeader('X-Next-Cursor', next);
      res.setHeader('Link', `<${Routes.quoteRequests.root}?limit=${page.limit}&cursor=${next}>; rel="next"`);
    }
    // gzip for a client that takes it (every browser): 1,000 rows are ~10 times smaller on the wire
    if (built.entry.bytes >= GZIP_MIN_BYTES && acceptsGzip(acceptEncoding)) {
      const zipped = await this.myQuotes.gzip(built.key, built.entry);
      res.setHeader('Content-Encoding', 'gzip');
      res.status(200).end(zipped);
      return;
    }
    res.status(200).end(built.entry.json);
  }

  @Get(':id')
  details(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<QuoteRequestDetailsDto> {
    return this.reading.details(identity.user, id);
  }

  /** `?view=results`: the results view's reading (totalPrice in cents); otherwise the details page's. */
  @Get(':id/responses')
  responses(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Query('view') view: unknown,
  ): Promise<QuoteResponseDetailsDto[] | QuoteResponseResultDto[]> {
    return this.reading.responses(identity.user, id, view === 'results' ? 'results' : 'details');
  }

  @Delete(':id')
  remove(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<DeleteQuoteRequestResponse> {
    return this.deleting.remove(identity.user, id);
  }

  /** The "Waiting for Quotes" checkboxes, saved and honoured by the e-mail consumer; either field alone (PUT or PATCH). */
  @Put(':id/notifications')
  notifications(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateNotificationPreferencesSchema)) body: UpdateNotificationPreferences,
  ): Promise<NotificationPreferences> {
    return this.preferences.update(identity.user, id, body);
  }

  @Patch(':id/notifications')
  patchNotifications(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateNotificationPreferencesSchema)) body: UpdateNotificationPreferences,
  ): Promise<NotificationPreferences> {
    return this.preferences.update(identity.user, id, body);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<CancelQuoteRequestResponse> {
    return this.cancelling.cancel(identity.user, id);
  }
}
