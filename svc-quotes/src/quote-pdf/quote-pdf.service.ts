import { Injectable } from '@nestjs/common';
import PDFDocument from 'pdfkit';
import { DataSource } from 'typeorm';
import {
  formatMoney,
  formatPercent,
  formatQuantity,
  type ComparisonCell,
  type ComparisonOffer,
  type QuoteComparison,
} from '@rampquote/contracts';
import type { QuoteInvitation } from '../quote-requests/quote-invitation.entity';
import type { QuoteRequest } from '../quote-requests/quote-request.entity';
import { loadComparison } from '../quote-requests/quote-comparison.service';
import { toDetails } from '../shared/quote-views';
import { pdfFonts, toRuns } from './pdf-fonts';

const usd = formatMoney;
const when = (iso: string | null) => (iso ? `${new Date(iso).toUTCString().slice(0, 22)} UTC` : 'Not specified');

/**
 * The request and its like-for-like comparison as a PDF (pdfkit, no browser): trip, aircraft, services, the
 * complete offers ranked by landed total with Best Price / Highest Price and their rows, fees and extras, the
 * savings, the incomplete offers with what they lack, declines and who has not answered. The quote ID is in the title and the first line. Text is set in embedded Noto Sans fonts (Latin, Greek,
 * Cyrillic, Hebrew, Arabic, Chinese), each subset to the glyphs the document uses.
 */
@Injectable()
export class QuotePdfService {
  constructor(private readonly dataSource: DataSource) {}

  async forOwner(requesterId: string, id: string): Promise<{ uniqueId: string; pdf: Buffer }> {
    const { request, invitations, comparison } = await loadComparison(this.dataSource.manager, requesterId, id);
    return { uniqueId: request.uniqueId, pdf: await render(request, invitations, comparison) };
  }
}

/** "$6.25 × 500 gallons + $50.00 fuel service = $3,175.00", "$125.00 × 2 nights = $250.00 (lowest)", "unavailable". */
function cellText(cell: ComparisonCell): string {
  if (cell.status === 'unavailable') return 'unavailable';
  if (cell.status === 'not_priced' || cell.unitPrice === null || cell.total === null) return 'not priced';
  const serviceFee = cell.serviceFee == null ? '' : ` + ${usd(cell.serviceFee)} fuel service`;
  const per =
    cell.unit !== null && cell.quantity !== null
      ? ` × ${formatQuantity(cell.quantity, cell.unit)}${serviceFee} = ${usd(cell.total)}`
      : cell.total !== cell.unitPrice
        ? ` = ${usd(cell.total)}`
        : '';
  return `${usd(cell.unitPrice)}${per}${cell.lowest ? ' (lowest)' : ''}${cell.notes ? ` (${cell.notes})` : ''}`;
}

function render(request: QuoteRequest, invitations: QuoteInvitation[], comparison: QuoteComparison): Promise<Buffer> {
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
  if (comparison.booking) {
    doc
      .moveDown(0.3)
      .fontSize(11)
      .fillColor(comparison.booking.state === 'confirmed' ? '#2f855a' : '#2b6cb0');
    say(
      comparison.booking.state === 'confirmed'
        ? `Booked with ${comparison.booking.fboName}`
        : `Booking requested with ${comparison.booking.fboName} (waiting for the FBO to confirm)`,
      { bold: true },
    );
    doc.fontSize(10).fillColor('#1a202c');
  }

  heading('Trip');
  const airport = (a: typeof details.airport | null) =>
    a ? `${a.identifier} ${a.name}${a.city ? `, ${a.city}` : ''}${a.state ? `, ${a.state}` : ''}` : 'Not specified';
  row('Departure airport', airport(details.originAirport));
  row('Destination', airport(details.airport));
  row('Arrival', when(details.arrivalDate));
  row('Departure', when(details.departureDate));
  if (details.tripDurationDays !== null)
    row('Trip duration', `${details.tripDurationDays} day${details.tripDurationDays === 1 ? '' : 's'}`);
  if (comparison.nights !== null) row('Stay', formatQuantity(comparison.nights, 'night'));

  heading('Aircraft');
  const a = details.aircraft;
  say(
    a
      ? [a.tailNumber, `${a.make} ${a.model}`, a.name ? `(${a.name})` : null].filter(Boolean).join('  ')
      : 'Not specified',
  );

  heading('Requested services');
  // The fuel row once (the request's fuel), then the other services' labels.
  for (const r of comparison.rows) {
    if (r.key === 'fuel') row('Fuel', r.detail ?? 'Requested');
  }
  for (const label of details.requestedServices.filter((l) => !/^Fuel\b/.test(l))) say(`- ${label}`);
  if (details.notes) row('Notes', details.notes);

  heading(`Price comparison (${details.responseCount} of ${details.totalFbosCount} FBOs answered)`);
  const ranked = comparison.offers.filter((o) => o.complete);
  const incomplete = comparison.offers.filter((o) => !o.complete);
  if (!comparison.offers.length) say('No priced estimate yet.');
  else if (!ranked.length) say('No offer prices every requested service yet: none is ranked.');
  const lines = (offer: ComparisonOffer) => {
    doc.fontSize(9).fillColor('#4a5568');
    say(
      `Valid until ${when(offer.validUntil)}${offer.expired ? ' (expired)' : ''}${offer.fbo.email ? ` - ${offer.fbo.email}` : ''}${offer.fbo.phone ? ` - ${offer.fbo.phone}` : ''}`,
    );
    doc.fillColor('#1a202c').fontSize(10);
    offer.cells.forEach((cell, i) => say(`   ${comparison.rows[i].label}: ${cellText(cell)}`));
    say(`   Requested services: ${usd(offer.comparableTotal)}`);
    for (const fee of offer.fees)
      say(
        `   ${fee.label}: ${usd(fee.price)}${fee.nights !== null ? ` × ${formatQuantity(fee.nights, 'night')} = ${usd(fee.amount)}` : ''}${fee.note ? ` - ${fee.note}` : ''}`,
      );
    if (offer.extras.length)
      say(
        `   Extras (not requested): ${offer.extras.map((e) => `${e.name} ${usd(e.price)}`).join(', ')}; total ${usd(offer.extrasTotal)}`,
      );
    if (offer.notes) say(`   Comments: ${offer.notes}`);
  };
  ranked.forEach((offer, index) => {
    const badge = offer.rank === 'best' ? ' [Best Price]' : offer.rank === 'highest' ? ' [Highest Price]' : '';
    doc
      .moveDown(0.4)
      .fontSize(11)
      .fillColor(offer.rank === 'best' ? '#2f855a' : offer.rank === 'highest' ? '#c53030' : '#1a202c');
    say(`${index + 1}. ${offer.fbo.name}: ${usd(offer.landedTotal)} landed${badge}`, { bold: true });
    lines(offer);
  });
  if (comparison.savings) {
    doc.moveDown(0.6).fontSize(11);
    say(
      `Savings: ${usd(comparison.savings.amount)} (${formatPercent(comparison.savings.percent)} of the highest price)`,
      {
        bold: true,
      },
    );
    doc.fontSize(10);
  }
  if (incomplete.length) {
    heading('Incomplete offers (not ranked)');
    for (const offer of incomplete) {
      doc.moveDown(0.3).fontSize(11).fillColor('#1a202c');
      say(
        `${offer.fbo.name}: incomplete, lacks ${offer.missing.join(', ')} - requested services priced ${usd(offer.comparableTotal)}`,
        { bold: true },
      );
      lines(offer);
    }
  }

  if (comparison.declined.length) {
    heading('Declined');
    for (const d of comparison.declined) say(`- ${d.fbo.name}: ${d.label}${d.text ? ` - ${d.text}` : ''}`);
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
