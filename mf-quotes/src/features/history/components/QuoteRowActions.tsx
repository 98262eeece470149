import type { QuoteRequestListItemDto } from '@rampquote/contracts';
import { Box, IconButton, Menu, Portal, useNavigate } from '@rampquote/web-kit';
import type { QuoteRowStatus } from '../quote-row-status';

interface Props {
  quote: QuoteRequestListItemDto;
  status: Pick<QuoteRowStatus, 'canPrint' | 'canDelete'>;
  onPrint: (quote: QuoteRequestListItemDto) => void;
  onDelete: (quote: QuoteRequestListItemDto) => void;
}

/**
 * The row's action menu (spec section 2): View, Print PDF, Delete, enabled as quoteRowStatus says (Complete
 * requests; also cancelled ones, which will never complete). The row ignores clicks on this menu (see
 * QuoteRequestsTable).
 */
export function QuoteRowActions({ quote, status, onPrint, onDelete }: Props) {
  const navigate = useNavigate();
  const { canPrint, canDelete } = status;
  return (
    <Box display="inline-block" data-row-actions="">
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <IconButton variant="ghost" size="sm" aria-label={`Actions for ${quote.uniqueId}`}>
            <span aria-hidden="true">⋮</span>
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="10rem">
              <Menu.Item value="view" onSelect={() => void navigate(`/quote-details/${quote.id}`)}>
                View
              </Menu.Item>
              <Menu.Item value="print" disabled={!canPrint} onSelect={() => onPrint(quote)}>
                Print PDF
              </Menu.Item>
              <Menu.Item
                value="delete"
                disabled={!canDelete}
                color={canDelete ? 'fg.error' : undefined}
                onSelect={() => onDelete(quote)}
              >
                Delete
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Box>
  );
}
