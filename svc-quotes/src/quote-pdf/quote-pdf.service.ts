import { Injectable } from '@nestjs/common';
import PDFDocument from 'pdfkit';
import { DataSource } from 'typeorm';
import {
  comparePrices,
  DECLINE_REASON_LABELS,
  ESTIMATE_SERVICE_KEYS,
  formatMoney,
  formatQuantity,
  type QuoteResponseDetailsDto,
} from '@rampquote/contracts';
import { findOwnedRequest } from '../shared/owned-request';
import { QuoteInvitation } from '../quote-requests/quote-invitation.entity';
import { QuoteRequest } from '../quote-requests/quote-request.entity';
import { QuoteResponse } from '../fbo-quotes/quote-response.entity';
import { toDetails, toResponseDetails } from '../shared/quote-views';
import { pdfFonts, toRuns } from './pdf-fonts';

const LINE_LABELS: Record<string, string> = {
  dedicatedFuel: 'Fuel (per gallon)',
  fuel: 'Fuel service',
  hangar: 'Hangar',
  cleaning: 'Cleaning',
  lavatory: 'Lavatory',
  catering: 'Catering',
  coffee: 'Coffee',
  ice: 'Ice',
  potableWater: 'Potable water',
  gpu: 'GPU',
  newspapers: 'Newspapers',
};

const usd = formatMoney;
const when = (iso: string | null) => (iso ? `${new Date(iso).toUTCString().slice(0, 22)} UTC` : 'Not specified');

/**
 * The request and its price comparison as a PDF (pdfkit, no browser): trip, aircraft, services, each FBO's
 * total and line items ranked by total with Best Price / Highest Price, the savings, declines and who has not
 * answered. The quote ID is in the title and the first line. Text is set in embedded Noto Sans fonts (Latin, Greek,
 * Cyrillic, Hebrew, Arabic, Chinese), each subset to the glyphs the document uses.
 */
@Injectable()
export class QuotePdfService {
  constructor(private readonly dataSource: DataSource) {}

  async forOwner(requesterId: string, id: string): Promise<{ uniqueId: string; pdf: Buffer }> {
    const manager = this.dataSource.manager;
    const request = await findOwnedRequest(manager, requesterId, id);
    const invitations = await manager.find(QuoteInvitation, {
      where: { quoteRequestId: id },
      order: { position: 'ASC' },
    });
    const responses = await manager.find(QuoteResponse, {
      where: { quoteRequestId: id },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const fbo = new Map(invitations.map((i) => [i.id, i.fbo]));
    const read = responses.map((r) => toResponseDetails(r, fbo.get(r.invitationId)!, request));
    return { uniqueId: request.uniqueId, pdf: await render(request, invitations, read) };
  }
}

function render(
  request: QuoteRequest,
  invitations: QuoteInvitation[],
  responses: QuoteResponseDetailsDto[],
): Promise<Buffer> {
  const details = toDetails(request, invitations);
  // font: null keeps pdfkit from loading Helvetica (its WinAnsi encoding garbles most names); `say` sets the font.
  const options: Omit<PDFKit.PDFDocumentOptions, 'font'> & { font: null } = {
    font: null,
    size: 'LETTER',
    margin: 50,
    info: {
      Title: `Quote request ${request.uniqueId}`,
      Author: 'RampQuote',
      Subject: `Price comparison for ${request.airport.identifier}`,
    },
  };
  const doc = new PDFDocument(options as unknown as PDFKit.PDFDocumentOptions);
  for (const [name, { data }] of Object.entries(pdfFonts())) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Every text goes through `say`: it picks an embedded font per run of characters (see pdf-fonts).
  const say = (text: string, options: { bold?: boolean; continued?: boolean } = {}) => {
    const runs = toRuns(text, options.bold ? 'sansBold' : 'sans');
    if (!runs.length) return doc.font(options.bold ? 'sansBold' : 'sans').text('', { continued: options.continued });
    runs.forEach((run, i) =>
      doc.font(run.font).text(run.text, { continued: i < runs.length - 1 || Boolean(options.continued) }),
    );
    return doc;
  };
  const heading = (text: string) => {
    doc.moveDown(0.8).fontSize(13).fillColor('#1a202c');
    say(text, { bold: true });
    doc.moveDown(0.2).fontSize(10);
  };
  const row = (label: string, value: string) => {
    say(`${label}: `, { bold: true, continued: true });
    say(value);
  };

  doc.fontSize(18);
  say(`Quote request ${request.uniqueId}`, { bold: true });
  doc.fontSize(10).fillColor('#4a5568');
  say(`RampQuote - created ${when(details.createdAt)} - status ${details.status.replace('_', ' ')}`);
  doc.fillColor('#1a202c');

  heading('Trip');
  const airport = (a: typeof details.airport | null) =>
    a ? `${a.identifier} ${a.name}${a.city ? `, ${a.city}` : ''}${a.state ? `, ${a.state}` : ''}` : 'Not specified';
  row('Departure airport', airport(details.originAirport));
  row('Destination', airport(details.airport));
  row('Arrival', when(details.arrivalDate));
  row('Departure', when(details.departureDate));
  if (details.tripDurationDays !== null)
    row('Trip duration', `${details.tripDurationDays} day${details.tripDurationDays === 1 ? '' : 's'}`);

  heading('Aircraft');
  const a = details.aircraft;
  say(
    a
      ? [a.tailNumber, `${a.make} ${a.model}`, a.name ? `(${a.name})` : null].filter(Boolean).join('  ')
      : 'Not specified',
  );

  heading('Requested services');
  if (details.fuelType || details.fuelAmount)
    row(
      'Fuel',
      [details.fuelType, details.fuelAmount ? formatQuantity(details.fuelAmount, 'gallon') : null]
        .filter(Boolean)
        .join(', '),
    );
  for (const label of details.requestedServices) say(`- ${label}`);
  if (details.notes) row('Notes', details.notes);

  heading(`Price comparison (${details.responseCount} of ${details.totalFbosCount} FBOs answered)`);
  const comparison = comparePrices(responses);
  const byId = new Map(responses.map((r) => [r.id, r]));
  if (!comparison.ranked.length) say('No priced estimate yet.');
  comparison.ranked.forEach((id, index) => {
    const r = byId.get(id)!;
    const badge = id === comparison.bestId ? '  [Best Price]' : id === comparison.highestId ? '  [Highest Price]' : '';
    doc
      .moveDown(0.4)
      .fontSize(11)
      .fillColor(id === comparison.bestId ? '#2f855a' : id === comparison.highestId ? '#c53030' : '#1a202c');
    say(`${index + 1}. ${r.fbo.name}: ${usd(r.totalPrice ?? 0)}${badge}`, { bold: true });
    doc.fontSize(9).fillColor('#4a5568');
    say(
      `Valid until ${when(r.validUntil)}${r.expired ? ' (expired)' : ''}${r.fbo.email ? ` - ${r.fbo.email}` : ''}${r.fbo.phone ? ` - ${r.fbo.phone}` : ''}`,
    );
    doc.fillColor('#1a202c').fontSize(10);
    const quoted = r.servicesQuoted;
    if (quoted) {
      for (const key of ESTIMATE_SERVICE_KEYS) {
        const line = quoted[key];
        if (!line) continue;
        if (line.unavailable) say(`   ${LINE_LABELS[key]}: unavailable`);
        else if (line.price !== null) {
          const per = [line.quantity ? `x ${line.quantity}` : null, line.days ? `x ${line.days} day(s)` : null]
            .filter(Boolean)
            .join(' ');
          say(
            `   ${LINE_LABELS[key]}: ${usd(line.price)}${per ? ` ${per} = ${usd(line.total)}` : ''}${line.notes ? ` (${line.notes})` : ''}`,
          );
        }
      }
      for (const c of quoted.customServices) say(`   ${c.name}: ${usd(c.price)}${c.notes ? ` (${c.notes})` : ''}`);
    }
    if (r.notes) say(`   Comments: ${r.notes}`);
  });
  if (comparison.savings) {
    doc.moveDown(0.6).fontSize(11);
    say(`Savings: ${usd(comparison.savings.amount)} (${comparison.savings.percent.toFixed(1)}% of the highest price)`, {
      bold: true,
    });
    doc.fontSize(10);
  }

  const declined = responses.filter((r) => r.status === 'declined');
  if (declined.length) {
    heading('Declined');
    for (const r of declined)
      say(
        `- ${r.fbo.name}: ${r.declined ? DECLINE_REASON_LABELS[r.declined.reason] : ''}${r.declined?.text ? ` - ${r.declined.text}` : ''}`,
      );
  }
  const waiting = details.fbos.filter((f) => f.status === 'open' || f.status === 'withdrawn');
  if (waiting.length) {
    heading(details.status === 'cancelled' ? 'Withdrawn (request cancelled)' : 'Waiting for');
    for (const f of waiting) say(`- ${f.name}`);
  }

  doc.moveDown(1).fontSize(8).fillColor('#718096');
  say('Quotes are preliminary estimates only and not guaranteed; verify pricing with the FBO. Prices in USD.');
  doc.end();
  return done;
}
