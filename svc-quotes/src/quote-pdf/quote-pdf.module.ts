import { Module } from '@nestjs/common';
import { QuotePdfController } from './quote-pdf.controller';
import { QuotePdfService } from './quote-pdf.service';

/** The request and its price comparison as a PDF. */
@Module({ controllers: [QuotePdfController], providers: [QuotePdfService] })
export class QuotePdfModule {}
