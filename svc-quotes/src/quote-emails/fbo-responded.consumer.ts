import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventTypes, type EventEnvelope, type FboRespondedData } from '@rampquote/contracts';
import { EventConsumer, SERVICE_CONFIG, type ServiceConfig } from '@rampquote/service-kit';
import { isUuid } from '../shared/ids';
import { QuoteInvitation } from '../quote-requests/quote-invitation.entity';
import { QuoteRequest } from '../quote-requests/quote-request.entity';
import { QuoteResponse } from '../fbo-quotes/quote-response.entity';
import { allRespondedMail, responseMail, type AnswerSummary } from './quote-mails';
import { SentMailsService } from './sent-mails.service';

/**
 * `fbo-responded`: e-mails the requester as their saved notification preferences say ("each response" and/or
 * "all responded"), read when the event is handled. The live update itself is written with the answer (the
 * request's stream events and NOTIFY in the same transaction), so it does not wait for the broker.
 */
@Injectable()
export class FboRespondedConsumer implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly mails: SentMailsService,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<ServiceConfig, 'PUBLIC_URL'>,
  ) {}

  onModuleInit(): void {
    this.events.on<FboRespondedData>(EventTypes.fboResponded, (event, manager) => this.handle(event, manager));
  }

  async handle(event: EventEnvelope<FboRespondedData>, manager: EntityManager): Promise<void> {
    if (!isUuid(event.data?.quoteRequestId)) return; // not ours to act on (malformed)
    const data = event.data;
    const request = await manager.findOne(QuoteRequest, { where: { id: data.quoteRequestId } });
    if (!request) return; // deleted since
    const detailsUrl = new URL(`/quote-details/${request.id}`, this.config.PUBLIC_URL).toString();
    if (request.emailEachResponse) {
      const response = await manager.findOne(QuoteResponse, { where: { id: data.responseId } });
      if (response) {
        await this.mails.sendOnce(
          `response:${response.id}`,
          request.id,
          responseMail(request, summary(response, data.fboName), detailsUrl, data),
        );
      }
    }
    if (request.emailAllResponded && data.responseCount >= data.totalFbosCount) {
      const responses = await manager.find(QuoteResponse, {
        where: { quoteRequestId: request.id },
        order: { totalPriceCents: 'ASC', createdAt: 'ASC' },
      });
      const invitations = await manager.find(QuoteInvitation, { where: { quoteRequestId: request.id } });
      const names = new Map(invitations.map((i) => [i.id, i.fbo.name]));
      const answers = responses.map((r) => summary(r, names.get(r.invitationId) ?? ''));
      await this.mails.sendOnce(
        `all-responded:${request.id}`,
        request.id,
        allRespondedMail(request, answers, detailsUrl),
      );
    }
  }
}

function summary(response: QuoteResponse, fboName: string): AnswerSummary {
  return {
    fboName,
    kind: response.kind,
    totalPriceCents: response.totalPriceCents,
    declineReason: response.declineReason,
    declineText: response.declineText,
  };
}
