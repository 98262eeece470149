import {
  BadRequestException,
  Catch,
  PayloadTooLargeException,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { AIRPORT_UPLOAD_MAX_BYTES } from '@rampquote/contracts';
import { ApiExceptionFilter } from '@rampquote/service-kit';
import { CsvFileError, INVALID_FILE_TYPE } from './read-csv';

/** What multer hands over for an uploaded file (memory storage). */
export interface UploadedCsv {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

/** multer options for a CSV upload: in memory, one file, at most 10 MB. */
export const CSV_UPLOAD_OPTIONS = { limits: { fileSize: AIRPORT_UPLOAD_MAX_BYTES, files: 1, fields: 10 } };

export const FILE_TOO_LARGE = { error: 'File too large', details: [{ message: 'The file must be at most 10 MB.' }] };
export const NO_FILE_SELECTED = { error: 'No File Selected', details: [{ message: 'Choose a CSV file to upload.' }] };

/** Refuses an upload whose name does not end in .csv (spec: "Invalid File Type"). */
export function assertCsvName(file: UploadedCsv): void {
  if (!/\.csv$/i.test(file.originalname)) {
    throw new BadRequestException({
      error: INVALID_FILE_TYPE,
      details: [{ message: 'The file name must end in .csv.' }],
    });
  }
}

/** A refused file as the answer: 400 with the reason. */
export function toBadRequest(err: unknown): unknown {
  if (err instanceof CsvFileError)
    return new BadRequestException({ error: err.error, details: [{ message: err.detail }] });
  return err;
}

/** multer's 413 with the spec's limit in the words; everything else as the service kit answers it. */
@Catch()
export class UploadExceptionFilter extends ApiExceptionFilter implements ExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    if (exception instanceof PayloadTooLargeException) {
      host
        .switchToHttp()
        .getResponse<{ status(code: number): { json(body: unknown): void } }>()
        .status(413)
        .json(FILE_TOO_LARGE);
      return;
    }
    super.catch(exception, host);
  }
}
