import {
  BadRequestException,
  Controller,
  Get,
  Post,
  Req,
  Res,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  Routes,
  AIRPORT_UPLOAD_FIELD,
  type ImportAirportsResponse,
  type ImportStatusResponse,
} from '@rampquote/contracts';
import { RequireIdentity } from '@rampquote/service-kit';
import {
  assertCsvName,
  CSV_UPLOAD_OPTIONS,
  NO_FILE_SELECTED,
  toBadRequest,
  UploadExceptionFilter,
  type UploadedCsv,
} from '../csv/upload';
import { AirportImportService } from './airport-import.service';

/** Admin airport import (spec accounts-aircraft-billing sections 7 and 9). Admins only. */
@Controller()
@RequireIdentity({ role: 'admin' })
export class AirportImportController {
  constructor(private readonly imports: AirportImportService) {}

  /**
   * No body: the built-in US airports file. Multipart with `airportFile`: that CSV (at most 10 MB).
   * 200 `{started: false, imported, skipped, errors, errorCount}` when done; 202 `{started: true, importId}` when
   * it runs in the background (follow it on import-status).
   */
  @Post(Routes.admin.importAirports)
  @UseFilters(UploadExceptionFilter)
  @UseInterceptors(FileInterceptor(AIRPORT_UPLOAD_FIELD, CSV_UPLOAD_OPTIONS))
  async importAirports(
    @UploadedFile() file: UploadedCsv | undefined,
    @Req() req: { headers: Record<string, string | string[] | undefined> },
    @Res({ passthrough: true }) res: { status(code: number): unknown },
  ): Promise<ImportAirportsResponse> {
    const multipart = String(req.headers['content-type'] ?? '')
      .toLowerCase()
      .startsWith('multipart/');
    let result: ImportAirportsResponse;
    try {
      if (!multipart) {
        result = await this.imports.importBuiltIn();
      } else {
        if (!file) throw new BadRequestException(NO_FILE_SELECTED);
        assertCsvName(file);
        result = await this.imports.importFile(`upload:${file.originalname.slice(0, 200)}`, file.buffer);
      }
    } catch (err) {
      throw toBadRequest(err);
    }
    res.status(result.started ? 202 : 200);
    return result;
  }

  @Get(Routes.admin.importStatus)
  status(): Promise<ImportStatusResponse> {
    return this.imports.status();
  }
}
