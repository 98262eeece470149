import type { QuoteComparison } from '@rampquote/contracts';
import { Badge, Box, Table, Text } from '@rampquote/web-kit';
import { formatUsd } from '../../../shared/quote-format';
import { cellDetail, feeDetail } from '../comparison-text';

const RANK_BADGE = {
  best: { palette: 'green', text: 'Best Price' },
  highest: { palette: 'red', text: 'Highest Price' },
  middle: null,
  incomplete: { palette: 'orange', text: 'Incomplete' },
} as const;

/**
 * The offers side by side (wide screens): the requested services are the rows, the FBOs the columns, each row's
 * lowest price marked; then each offer's requested-services total, fees (waived or not), landed total and extras.
 */
export function ComparisonTable({ comparison }: { comparison: QuoteComparison }) {
  const { offers, rows } = comparison;
  const feeKinds = [...new Set(offers.flatMap((o) => o.fees.map((f) => f.kind)))];
  const feeLabel = (kind: string) => offers.flatMap((o) => o.fees).find((f) => f.kind === kind)!.label;
  return (
    <Box overflowX="auto" hideBelow="md">
      <Table.Root size="sm" aria-label="Offers side by side" data-testid="comparison-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Requested service</Table.ColumnHeader>
            {offers.map((o) => {
              const badge = RANK_BADGE[o.rank];
              return (
                <Table.ColumnHeader key={o.responseId} textAlign="end">
                  <Text fontWeight="semibold">{o.fbo.name}</Text>
                  {badge ? (
                    <Badge colorPalette={badge.palette} variant="subtle">
                      {badge.text}
                    </Badge>
                  ) : null}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, i) => (
            <Table.Row key={row.key}>
              <Table.Cell as="th" scope="row">
                <Text fontWeight="medium">{row.label}</Text>
                {row.detail ? (
                  <Text fontSize="xs" color="fg.muted">
                    {row.detail}
                  </Text>
                ) : null}
              </Table.Cell>
              {offers.map((o) => {
                const cell = o.cells[i];
                return (
                  <Table.Cell key={o.responseId} textAlign="end" verticalAlign="top">
                    <Text fontWeight={cell.total !== null ? 'semibold' : undefined}>
                      {cell.total !== null ? formatUsd(cell.total) : cellDetail(cell)}
                    </Text>
                    {cell.total !== null && cell.unit !== null ? (
                      <Text fontSize="xs" color="fg.muted">
                        {cellDetail(cell)}
                      </Text>
                    ) : null}
                    {cell.lowest ? (
                      <Badge colorPalette="green" variant="outline" size="sm">
                        Lowest
                      </Badge>
                    ) : null}
                  </Table.Cell>
                );
              })}
            </Table.Row>
          ))}
          <Table.Row>
            <Table.Cell as="th" scope="row" fontWeight="semibold">
              Requested services
            </Table.Cell>
            {offers.map((o) => (
              <Table.Cell key={o.responseId} textAlign="end" fontWeight="semibold">
                {formatUsd(o.comparableTotal)}
              </Table.Cell>
            ))}
          </Table.Row>
          {feeKinds.map((kind) => (
            <Table.Row key={kind}>
              <Table.Cell as="th" scope="row">
                {feeLabel(kind)}
              </Table.Cell>
              {offers.map((o) => {
                const fee = o.fees.find((f) => f.kind === kind);
                return (
                  <Table.Cell key={o.responseId} textAlign="end" verticalAlign="top">
                    {fee ? (
                      <>
                        <Text textDecoration={fee.waived ? 'line-through' : undefined}>{feeDetail(fee)}</Text>
                        {fee.note ? (
                          <Text fontSize="xs" color={fee.waived ? 'fg.success' : 'fg.muted'}>
                            {fee.note}
                          </Text>
                        ) : null}
                      </>
                    ) : (
                      <Text color="fg.muted">None</Text>
                    )}
                  </Table.Cell>
                );
              })}
            </Table.Row>
          ))}
          <Table.Row>
            <Table.Cell as="th" scope="row" fontWeight="bold">
              Landed total
            </Table.Cell>
            {offers.map((o) => (
              <Table.Cell key={o.responseId} textAlign="end" fontWeight="bold">
                {formatUsd(o.landedTotal)}
              </Table.Cell>
            ))}
          </Table.Row>
          <Table.Row>
            <Table.Cell as="th" scope="row">
              Extras (not requested)
            </Table.Cell>
            {offers.map((o) => (
              <Table.Cell key={o.responseId} textAlign="end" verticalAlign="top">
                {o.extras.length ? (
                  <>
                    {o.extras.map((e) => (
                      <Text key={e.name} fontSize="sm">
                        {e.name} {formatUsd(e.price)}
                      </Text>
                    ))}
                    <Text fontSize="xs" color="fg.muted">
                      Total {formatUsd(o.extrasTotal)}
                    </Text>
                  </>
                ) : (
                  <Text color="fg.muted">None</Text>
                )}
              </Table.Cell>
            ))}
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
