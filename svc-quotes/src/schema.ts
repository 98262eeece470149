import { EventTypes } from '@rampquote/contracts';
import { EventTables1767225600000 } from '@rampquote/service-kit';
import { QuoteRequest } from './quote-requests/quote-request.entity';
import { CreateQuoteRequests1767225700000 } from './migrations/1767225700000-create-quote-requests';

/** svc-quotes's tables (rampquote_quotes), migrations (oldest first) and the events it consumes. */
export const ENTITIES = [QuoteRequest];
export const MIGRATIONS = [EventTables1767225600000, CreateQuoteRequests1767225700000];
export const EVENT_BINDINGS: string[] = [EventTypes.fboResponded];
