import type { ServerResponse } from 'node:http';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { Routes, type InternalIdentity } from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity } from '@rampquote/service-kit';
import { QuotePdfService } from './quote-pdf.service';

type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };

/** GET /api/quote-requests/{id}/pdf: the owner downloads `<quote ID>.pdf` (404 for anyone else). */
@Controller(Routes.quoteRequests.root)
@RequireIdentity({ user: true })
export class QuotePdfController {
  constructor(private readonly pdfs: QuotePdfService) {}

  @Get(':id/pdf')
  async pdf(@CurrentIdentity() identity: SignedIn, @Param('id') id: string, @Res() res: ServerResponse): Promise<void> {
    const { uniqueId, pdf } = await this.pdfs.forOwner(identity.user.id, id);
    res.writeHead(200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': `attachment; filename="${uniqueId}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
    res.end(pdf);
  }
}
