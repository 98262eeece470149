import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  Routes,
  FBO_UPLOAD_FIELD,
  fboInputSchema,
  fboUpdateSchema,
  type AdminFboDto,
  type AdminFboListResponse,
  type FboChanges,
  type FboInput,
  type ImportResult,
} from '@rampquote/contracts';
import { RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import {
  assertCsvName,
  CSV_UPLOAD_OPTIONS,
  NO_FILE_SELECTED,
  toBadRequest,
  UploadExceptionFilter,
  type UploadedCsv,
} from '../csv/upload';
import { FbosService } from './fbos.service';

/**
 * The FBO directory on the Admin Dashboard: list by airport, add, edit, deactivate (PATCH active), import. Bodies
 * follow the contracts' fboInputSchema (POST) and fboUpdateSchema (PATCH).
 */
@Controller()
@RequireIdentity({ role: 'admin' })
export class AdminFbosController {
  constructor(private readonly fbos: FbosService) {}

  @Get(Routes.admin.fbos)
  async list(@Query('airport') airport: unknown): Promise<AdminFboListResponse> {
    return { fbos: await this.fbos.list(typeof airport === 'string' ? airport : undefined) };
  }

  @Post(Routes.admin.fbos)
  @HttpCode(201)
  create(@Body(new ZodValidationPipe(fboInputSchema)) body: FboInput): Promise<AdminFboDto> {
    return this.fbos.create(body);
  }

  @Patch(`${Routes.admin.fbos}/:id`)
  update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(fboUpdateSchema)) body: FboChanges,
  ): Promise<AdminFboDto> {
    return this.fbos.update(id, body);
  }

  /** Multipart, field `fboFile`: a CSV of at most 10 MB. */
  @Post(Routes.admin.importFbos)
  @HttpCode(200)
  @UseFilters(UploadExceptionFilter)
  @UseInterceptors(FileInterceptor(FBO_UPLOAD_FIELD, CSV_UPLOAD_OPTIONS))
  async import(@UploadedFile() file: UploadedCsv | undefined): Promise<ImportResult> {
    try {
      if (!file) throw new BadRequestException(NO_FILE_SELECTED);
      assertCsvName(file);
      return await this.fbos.importCsv(file.buffer);
    } catch (err) {
      throw toBadRequest(err);
    }
  }
}
