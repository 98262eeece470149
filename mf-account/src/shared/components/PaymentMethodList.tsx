import type { PaymentMethodDto } from '@rampquote/contracts';
import { Badge, Box, chakra, HStack, Stack, Text, VisuallyHidden } from '@rampquote/web-kit';
import type { ReactNode } from 'react';
import { cardBrandLabel, cardExpiry } from '../billing-format';

const Ul = chakra('ul');
const Li = chakra('li');

interface Props {
  methods: PaymentMethodDto[];
  /** Names the list for assistive technology. */
  label: string;
  /** Buttons for one card (the billing page's set default and remove); none: read-only. */
  actions?: (method: PaymentMethodDto) => ReactNode;
}

/** Saved cards: brand, last 4, expiry MM/YY and the default marker (spec sections 2 and 9). */
export function PaymentMethodList({ methods, label, actions }: Props) {
  return (
    <Ul aria-label={label} listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="3">
      {methods.map((pm) => (
        <Li key={pm.id} borderWidth="1px" borderRadius="l2" p="4" bg="bg.panel">
          <Stack
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            align={{ base: 'stretch', sm: 'center' }}
            gap="3"
          >
            <Box minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold">{cardBrandLabel(pm.card.brand)}</Text>
                <Text>
                  <VisuallyHidden>ending in </VisuallyHidden>
                  <span aria-hidden="true">•••• </span>
                  {pm.card.last4}
                </Text>
                {pm.isDefault ? (
                  <Badge colorPalette="brand" variant="solid">
                    Default
                  </Badge>
                ) : null}
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                Expires {cardExpiry(pm.card)}
              </Text>
            </Box>
            {actions ? (
              <HStack gap="2" wrap="wrap">
                {actions(pm)}
              </HStack>
            ) : null}
          </Stack>
        </Li>
      ))}
    </Ul>
  );
}
