import type { EstimatePageDataDto } from '@rampquote/contracts';
import { Box, Card, chakra, Heading, Link, Text } from '@rampquote/web-kit';
import type { ReactNode } from 'react';
import { airportLine, formatDateTime } from '../../../shared/format';

/** The customer as the header names it (spec section 2): company, else first + last name, else 'Individual Customer'. */
export function customerName(user: EstimatePageDataDto['user']): string {
  const company = user.companyName?.trim();
  if (company) return company;
  const person = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
  return person || 'Individual Customer';
}

/** The aircraft as the header names it: tail number, else make + model. */
export function aircraftName(aircraft: EstimatePageDataDto['aircraft']): string {
  if (!aircraft) return 'Aircraft not specified';
  return aircraft.tailNumber?.trim() || `${aircraft.make} ${aircraft.model}`.trim() || 'Aircraft not specified';
}

function aircraftDescription(aircraft: EstimatePageDataDto['aircraft']): string {
  if (!aircraft) return 'Not specified';
  return [aircraft.tailNumber, `${aircraft.make} ${aircraft.model}`.trim()].filter(Boolean).join(' - ');
}

const Dl = chakra('dl');
const Dt = chakra('dt');
const Dd = chakra('dd');

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box display={{ base: 'block', sm: 'grid' }} gridTemplateColumns={{ sm: '10rem 1fr' }} gap="3" py="1.5">
      <Dt color="fg.muted" fontSize="sm" fontWeight="medium">
        {term}
      </Dt>
      <Dd overflowWrap="anywhere">{children}</Dd>
    </Box>
  );
}

/**
 * Header, "Pricing estimate requested by" and "Upcoming Trip Details" of the estimate form (spec section 2): three
 * parts, shown one after the other (EstimateForm builds the page a part at a time).
 */
export function estimateHeaderParts(data: EstimatePageDataDto): ReactNode[] {
  const customer = customerName(data.user);
  const requester = `${data.user.firstName ?? ''} ${data.user.lastName ?? ''}`.trim() || customer;
  const { quoteRequest } = data;
  return [
    <Box as="header" key="header">
      <Text color="fg.muted" fontSize="sm" fontWeight="semibold" letterSpacing="wide" textTransform="uppercase">
        {aircraftName(data.aircraft)}
      </Text>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere">
        {customer}
      </Heading>
      <Text fontSize="lg" color="fg.muted">
        {customer} Flight Department
      </Text>
      <Text mt="3">
        Estimate Kindly Requested from{' '}
        <Text as="span" fontWeight="bold" color="brand.fg">
          {data.fbo.name}
        </Text>
      </Text>
      <Text fontSize="sm" color="fg.muted" mt="1">
        Quote ID: {quoteRequest.uniqueId}
      </Text>
    </Box>,

    <Card.Root key="requested-by" as="section" aria-labelledby="requested-by-title" variant="outline" bg="bg.panel">
      <Card.Body gap="2" p={{ base: '4', md: '5' }}>
        <Heading as="h2" size="md" id="requested-by-title">
          Pricing estimate requested by
        </Heading>
        <Text fontWeight="semibold" fontSize="lg">
          {requester}
          {data.user.jobTitle ? (
            <Text as="span" fontWeight="normal" color="fg.muted">
              {' '}
              - {data.user.jobTitle}
            </Text>
          ) : null}
        </Text>
        <Text>Aircraft: {aircraftDescription(data.aircraft)}</Text>
        {data.user.phoneNumber ? (
          <Text>
            Phone:{' '}
            <Link
              href={`tel:${data.user.phoneNumber.replace(/[^+\d]/g, '')}`}
              color="brand.fg"
              textDecoration="underline"
            >
              {data.user.phoneNumber}
            </Link>
          </Text>
        ) : null}
        {data.user.email ? (
          <Text overflowWrap="anywhere">
            E-mail:{' '}
            <Link href={`mailto:${data.user.email}`} color="brand.fg" textDecoration="underline">
              {data.user.email}
            </Link>
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>,

    <Card.Root key="trip" as="section" aria-labelledby="trip-title" variant="outline" bg="bg.panel">
      <Card.Body gap="1" p={{ base: '4', md: '5' }}>
        <Heading as="h2" size="md" id="trip-title" mb="1">
          Upcoming Trip Details
        </Heading>
        <Dl>
          <Row term="Departure Airport">{airportLine(data.departureAirport)}</Row>
          <Row term="Destination Airport">{airportLine(data.airport)}</Row>
          <Row term="Visit Dates">
            {formatDateTime(quoteRequest.arrivalDate)} to {formatDateTime(quoteRequest.departureDate)}
          </Row>
          {quoteRequest.notes ? <Row term="Customer notes">{quoteRequest.notes}</Row> : null}
        </Dl>
      </Card.Body>
    </Card.Root>,
  ];
}
