import type { QuoteAirportDto, QuoteRequestDetailsDto } from '@rampquote/contracts';
import { chakra, List, Text } from '@rampquote/web-kit';
import { memo, type ReactNode } from 'react';
import { formatDateTime, formatQuantity, plural } from '../../../shared/quote-format';
import { readableNotes, STATUS_LABELS } from '../quote-details-text';

const Dl = chakra('dl');
const Dt = chakra('dt');
const Dd = chakra('dd');

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <chakra.div gridColumn={wide ? { md: 'span 2' } : undefined}>
      <Dt fontSize="sm" color="fg.muted">
        {label}
      </Dt>
      <Dd ms="0" mt="0.5">
        {children}
      </Dd>
    </chakra.div>
  );
}

/** "KSEA / SEA — Seattle-Tacoma International, Seattle, WA". */
export function airportText(airport: QuoteAirportDto | null): string {
  if (!airport) return '—';
  const codes = [airport.identifier, airport.code && airport.code !== airport.identifier ? airport.code : null]
    .filter(Boolean)
    .join(' / ');
  const place = [airport.name, airport.city, airport.state].filter(Boolean).join(', ');
  return place ? `${codes} — ${place}` : codes;
}

function aircraftText(request: QuoteRequestDetailsDto): string {
  const a = request.aircraft;
  if (!a) return '—';
  const parts = [`${a.make} ${a.model}`.trim(), a.tailNumber, a.name && a.name !== a.tailNumber ? a.name : null].filter(
    Boolean,
  );
  return parts.join(' · ');
}

function fuelText(request: QuoteRequestDetailsDto): string {
  if (!request.fuelType && !request.fuelAmount) return 'None requested';
  const amount = request.fuelAmount ? formatQuantity(request.fuelAmount, 'gallon') : null;
  return [request.fuelType, amount].filter(Boolean).join(', ');
}

/** The request summary of spec section 2 "Quote details". */
export const RequestSummary = memo(function RequestSummary({ request }: { request: QuoteRequestDetailsDto }) {
  const notes = readableNotes(request.notes);
  return (
    <Dl display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
      <Field label="Quote ID">
        <Text fontWeight="semibold">{request.uniqueId}</Text>
      </Field>
      <Field label="Status">{STATUS_LABELS[request.status]}</Field>
      <Field label="Aircraft">{aircraftText(request)}</Field>
      <Field label="Trip duration">
        {request.tripDurationDays === null ? '—' : plural(request.tripDurationDays, 'day')}
      </Field>
      <Field label="Destination airport">{airportText(request.airport)}</Field>
      <Field label="Origin airport">{airportText(request.originAirport)}</Field>
      <Field label="Arrival">{formatDateTime(request.arrivalDate) || '—'}</Field>
      <Field label="Departure">{formatDateTime(request.departureDate) || '—'}</Field>
      <Field label="Fuel">{fuelText(request)}</Field>
      <Field label="Requested services">
        {request.requestedServices.length ? (
          <List.Root ps="5">
            {request.requestedServices.map((label) => (
              <List.Item key={label}>{label}</List.Item>
            ))}
          </List.Root>
        ) : (
          'None'
        )}
      </Field>
      <Field label="Notes" wide>
        <Text whiteSpace="pre-wrap">{notes ?? '—'}</Text>
      </Field>
    </Dl>
  );
});
