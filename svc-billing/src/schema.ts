import { EventTypes } from '@rampquote/contracts';
import { EventTables1767225600000 } from '@rampquote/service-kit';
import { BillingCustomer } from './billing-customers/billing-customer.entity';
import { CreateBillingCustomers1767225700000 } from './migrations/1767225700000-create-billing-customers';

/** svc-billing's tables (rampquote_billing), migrations (oldest first) and the events it consumes. */
export const ENTITIES = [BillingCustomer];
export const MIGRATIONS = [EventTables1767225600000, CreateBillingCustomers1767225700000];
export const EVENT_BINDINGS: string[] = [EventTypes.userRegistered];
