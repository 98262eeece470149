import {
  DECLINE_REASON_LABELS,
  FboQuoteMessages,
  type DeclineEstimate,
  type DeclineReason,
  type EstimatePageDataDto,
} from '@rampquote/contracts';
import { Box, Stack, Text, usePageMeta } from '@rampquote/web-kit';
import { useEffect, useState, type ReactNode } from 'react';
import { formatDate, formatUsd } from '../../../shared/format';
import { LoadingScreen, MessageScreen, PortalPage } from '../../../shared/PortalPage';
import { useFboPortalEstimatePageQuery, type EstimateSource } from '../api/estimate-api';
import { clearEstimateDraft } from '../estimate-draft';
import { AmendmentNotice } from './AmendmentNotice';
import { BookingPanel } from './BookingPanel';
import { EstimateForm } from './EstimateForm';

/** Texts of the state screens the spec leaves to us (decline, and the two closed states). */
export const ESTIMATE_SCREEN_TEXTS = {
  loading: 'Loading estimate request...',
  alreadySubmittedText: 'Your estimate for this request has been submitted. The flight team will review it shortly.',
  declinedTitle: 'Request Declined',
  declinedText:
    'Thank you for letting the customer know. They will see that you declined this request, with your reason.',
  alreadyDeclinedTitle: 'This request has already been declined.',
  alreadyDeclinedText: 'Your FBO declined this request. The customer has been told, with the reason below.',
} as const;

type Answer = { kind: 'submitted' } | { kind: 'declined'; reason: DeclineReason; text: string | null };

function Reference({ data }: { data: EstimatePageDataDto }) {
  return (
    <Text color="fg.muted" fontSize="sm">
      Quote ID {data.quoteRequest.uniqueId} · {data.fbo.name}
    </Text>
  );
}

function DeclineReasonLine({ reason, text }: { reason: DeclineReason; text: string | null }) {
  return (
    <Box>
      <Text>
        <Text as="span" fontWeight="semibold">
          Reason:{' '}
        </Text>
        {DECLINE_REASON_LABELS[reason]}
      </Text>
      {text ? <Text color="fg.muted">{text}</Text> : null}
    </Box>
  );
}

/** What the page shows for an invitation that is no longer open (or that this visit just answered). */
function StateScreen({
  data,
  answer,
  source,
}: {
  data: EstimatePageDataDto;
  answer: Answer | null;
  source: EstimateSource;
}): ReactNode {
  if (answer?.kind === 'submitted') {
    return (
      <MessageScreen tone="success" title={FboQuoteMessages.submittedTitle} text={FboQuoteMessages.submittedText}>
        <Reference data={data} />
      </MessageScreen>
    );
  }
  if (answer?.kind === 'declined') {
    return (
      <MessageScreen title={ESTIMATE_SCREEN_TEXTS.declinedTitle} text={ESTIMATE_SCREEN_TEXTS.declinedText}>
        <DeclineReasonLine reason={answer.reason} text={answer.text} />
        <Reference data={data} />
      </MessageScreen>
    );
  }
  switch (data.state) {
    case 'submitted':
      return (
        <MessageScreen
          tone="success"
          title={FboQuoteMessages.alreadySubmittedPageTitle}
          text={ESTIMATE_SCREEN_TEXTS.alreadySubmittedText}
        >
          <BookingPanel data={data} source={source} />
          {data.estimate ? (
            <Stack gap="1">
              <Text>
                <Text as="span" fontWeight="semibold">
                  Total Estimate Amount:{' '}
                </Text>
                {formatUsd(data.estimate.totalPrice)}
              </Text>
              <Text>
                <Text as="span" fontWeight="semibold">
                  Valid until:{' '}
                </Text>
                {formatDate(data.estimate.validUntil)}
              </Text>
            </Stack>
          ) : null}
          <Reference data={data} />
        </MessageScreen>
      );
    case 'declined':
      return (
        <MessageScreen
          title={ESTIMATE_SCREEN_TEXTS.alreadyDeclinedTitle}
          text={ESTIMATE_SCREEN_TEXTS.alreadyDeclinedText}
        >
          {data.declined ? <DeclineReasonLine reason={data.declined.reason} text={data.declined.text} /> : null}
          <Reference data={data} />
        </MessageScreen>
      );
    case 'withdrawn':
      return (
        <MessageScreen tone="warning" title={FboQuoteMessages.withdrawnTitle} text={FboQuoteMessages.withdrawn}>
          <Text color="fg.muted">The customer cancelled this request; you do not need to do anything.</Text>
          <Reference data={data} />
        </MessageScreen>
      );
    case 'expired':
      return (
        <MessageScreen tone="warning" title={FboQuoteMessages.expiredTitle} text={FboQuoteMessages.expired}>
          <Reference data={data} />
        </MessageScreen>
      );
    default:
      return null;
  }
}

interface Props {
  source: EstimateSource;
  /** Shown above the page (the inbox's way back). */
  back?: ReactNode;
}

/**
 * The FBO estimate page (spec section 2): loading, 'Quote Not Found', the form, 'Estimate Submitted!',
 * 'This estimate has already been submitted. Thank you!', and the decline, withdrawn and expired screens.
 * By link it stands outside the site's chrome and needs no login; from the inbox it runs inside the site.
 */
export function EstimatePage({ source, back }: Props) {
  usePageMeta({ title: 'Submit Your Estimate', description: 'Enter your prices for a RampQuote quote request.' });
  // The invitation's state may change elsewhere (a colleague answered, the customer cancelled): read it fresh.
  const page = useFboPortalEstimatePageQuery(source, { refetchOnMountOrArgChange: true });
  const [answer, setAnswer] = useState<Answer | null>(null);
  const data = page.data;

  // Once the server holds an answer (or the request closed), nothing typed here can be sent any more.
  useEffect(() => {
    if (data && data.state !== 'open') clearEstimateDraft(data.invitationId);
  }, [data]);

  let content: ReactNode;
  if (data && (answer || data.state !== 'open')) {
    content = (
      <>
        {!answer && data.state === 'submitted' ? <AmendmentNotice data={data} /> : null}
        <StateScreen data={data} answer={answer} source={source} />
      </>
    );
  } else if (data) {
    content = (
      <>
        <AmendmentNotice data={data} />
        {/* A booking asked for on a request amended since the estimate: confirmed here, or re-priced below. */}
        {data.booking?.state === 'requested' ? (
          <Box mb="4">
            <BookingPanel data={data} source={source} />
          </Box>
        ) : null}
        <EstimateForm
          data={data}
          source={source}
          onSubmitted={() => setAnswer({ kind: 'submitted' })}
          onDeclined={(decline: DeclineEstimate) =>
            setAnswer({ kind: 'declined', reason: decline.reason, text: decline.text })
          }
          onStale={() => void page.refetch()}
        />
      </>
    );
  } else if (page.isError) {
    content = <MessageScreen title={FboQuoteMessages.notFoundTitle} text={FboQuoteMessages.notFoundText} />;
  } else {
    content = <LoadingScreen label={ESTIMATE_SCREEN_TEXTS.loading} />;
  }

  return (
    <PortalPage brand={source.kind === 'link'}>
      {back}
      {content}
    </PortalPage>
  );
}
