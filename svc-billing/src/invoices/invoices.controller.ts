import { Controller, Get, Param, Res } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { Routes, type InvoiceDto } from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity } from '@rampquote/service-kit';
import type { SignedIn } from '../shared/signed-in';
import { InvoicesService } from './invoices.service';

/** Billing history (beyond the spec): the signed-in user's invoices and a receipt PDF of each. */
@Controller()
@RequireIdentity({ user: true })
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get(Routes.billing.invoices)
  list(@CurrentIdentity() identity: SignedIn): Promise<InvoiceDto[]> {
    return this.invoices.list(identity.user.id);
  }

  @Get(`${Routes.billing.invoices}/:id/receipt`)
  async receipt(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Res() res: ServerResponse,
  ): Promise<void> {
    const { number, pdf } = await this.invoices.receipt(identity.user.id, id);
    res.writeHead(200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': `attachment; filename="receipt-${number.replace(/[^A-Za-z0-9_-]/g, '')}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
    res.end(pdf);
  }
}
