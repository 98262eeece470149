import PDFDocument from 'pdfkit';
import { formatUsd, PLANS } from '@rampquote/contracts';
import type { Invoice } from './invoice.entity';

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '-');
const STATUS: Record<Invoice['status'], string> = {
  paid: 'Paid',
  open: 'Open (not paid yet)',
  draft: 'Draft',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/** A one-page receipt (pdfkit): invoice number and date, who was billed, plan and period, amount, status and card. */
export function renderReceipt(invoice: Invoice, email: string | null): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    compress: false,
    info: { Title: `Receipt ${invoice.number}`, Author: 'RampQuote', Subject: `RampQuote receipt ${invoice.number}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const plan = invoice.planId ? PLANS[invoice.planId] : null;
  doc.fontSize(22).text('RampQuote', { continued: false });
  doc.moveDown(0.5).fontSize(16).text(`Receipt ${invoice.number}`);
  doc.moveDown();
  const rows: [string, string][] = [
    ['Date', day(invoice.issuedAt)],
    ['Billed to', email ?? '-'],
    ['Plan', plan ? `${plan.name} (${invoice.proration ? 'change of plan, prorated' : 'monthly'})` : 'Subscription'],
    ['Period', invoice.periodStart ? `${day(invoice.periodStart)} to ${day(invoice.periodEnd)}` : '-'],
    ['Amount', `${formatUsd(invoice.amountCents)} USD`],
    ['Status', STATUS[invoice.status] ?? invoice.status],
    ['Paid with', invoice.cardLast4 ? `${invoice.cardBrand ?? 'card'} ending in ${invoice.cardLast4}` : '-'],
    ['Paid on', day(invoice.paidAt)],
  ];
  doc.fontSize(11);
  for (const [label, value] of rows)
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc
    .moveDown(2)
    .fontSize(9)
    .fillColor('#555555')
    .text('Thank you for using RampQuote. Questions about this receipt: use the Support page.');
  doc.end();
  return done;
}
