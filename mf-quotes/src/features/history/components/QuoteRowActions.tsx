import type { QuoteRequestListItemDto } from '@rampquote/contracts';
import { Box, IconButton, Menu, Portal, useNavigate } from '@rampquote/web-kit';

interface Props {
  quote: QuoteRequestListItemDto;
  complete: boolean;
  onPrint: (quote: QuoteRequestListItemDto) => void;
  onDelete: (quote: QuoteRequestListItemDto) => void;
}

/**
 * The row's action menu (spec section 2): View, Print PDF, Delete. Print PDF and Delete only for a Complete
 * request; Delete also for a cancelled one (it will never complete, and the server allows it). The row ignores
 * clicks on this menu (see QuoteRequestsTable).
 */
export function QuoteRowActions({ quote, complete, onPrint, onDelete }: Props) {
  const navigate = useNavigate();
  const canDelete = complete || quote.status === 'cancelled';
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
              <Menu.Item value="print" disabled={!complete} onSelect={() => onPrint(quote)}>
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
