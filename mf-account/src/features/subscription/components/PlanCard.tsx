import { BillingToasts, type PlanDto } from '@rampquote/contracts';
import { Badge, Button, Card, chakra, Heading, HStack, Text } from '@rampquote/web-kit';
import { formatDate, planMonthlyPrice } from '../../../shared/billing-format';

const Ul = chakra('ul');
const Li = chakra('li');

/**
 * What the plan's button does: create a subscription, switch to this plan, or nothing (the current plan, or the plan a
 * downgrade waits to apply at the period end).
 */
export type PlanAction = 'subscribe' | 'switch' | 'current' | 'scheduled';

interface Props {
  plan: PlanDto;
  action: PlanAction;
  /** When the scheduled plan applies (`scheduled`). */
  startsOn?: string | null;
  busy: boolean;
  disabled: boolean;
  onChoose: (plan: PlanDto) => void;
}

/** One plan: name, price per month (2 decimals, USD), features and its button (spec sections 4 and 9). */
export function PlanCard({ plan, action, startsOn, busy, disabled, onChoose }: Props) {
  const headingId = `plan-${plan.id}-name`;
  const label =
    action === 'current'
      ? BillingToasts.currentPlan
      : action === 'scheduled'
        ? `Starts ${startsOn ? formatDate(startsOn) : 'at the period end'}`
        : action === 'switch'
          ? `Switch to ${plan.name}`
          : `Subscribe to ${plan.name}`;
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      borderColor={action === 'current' ? 'brand.solid' : undefined}
      borderWidth={action === 'current' ? '2px' : undefined}
    >
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h3" size="md" id={headingId}>
            {plan.name}
          </Heading>
          {action === 'current' ? (
            <Badge colorPalette="brand" variant="solid">
              Your plan
            </Badge>
          ) : null}
        </HStack>
        <Text>
          <Text as="span" fontSize="2xl" fontWeight="bold">
            {planMonthlyPrice(plan)}
          </Text>{' '}
          <Text as="span" color="fg.muted">
            per month
          </Text>
        </Text>
      </Card.Header>
      <Card.Body>
        <Ul
          aria-label={`${plan.name} features`}
          ps="5"
          listStyleType="disc"
          display="flex"
          flexDirection="column"
          gap="1"
        >
          {plan.features.map((feature) => (
            <Li key={feature}>{feature}</Li>
          ))}
        </Ul>
      </Card.Body>
      <Card.Footer>
        <Button
          w="full"
          colorPalette="brand"
          variant={action === 'current' ? 'outline' : 'solid'}
          disabled={action === 'current' || action === 'scheduled' || disabled}
          loading={busy}
          onClick={() => onChoose(plan)}
        >
          {label}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
