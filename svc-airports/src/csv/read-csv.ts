import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import type { ImportError } from '@rampquote/contracts';

/** A data record of a CSV file with its 1-based line number (the header is line 1). */
export interface CsvRecord {
  line: number;
  values: string[];
}

export interface CsvFile {
  /** The header's names, normalised: lowercase, trimmed, spaces and dashes as underscores. */
  header: string[];
  records: CsvRecord[];
  /** Lines the parser could not read (bad quoting...): reported, the rest is read on. */
  errors: ImportError[];
}

/** Why a file is refused as a whole (nothing is imported). */
export class CsvFileError extends Error {
  constructor(
    readonly error: string,
    readonly detail: string,
  ) {
    super(`${error}: ${detail}`);
  }
}

export const INVALID_FILE_TYPE = 'Invalid File Type';

export function normaliseHeaderName(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Refuses what is not a text file (NUL bytes, invalid UTF-8). */
export function assertTextFile(content: Buffer): void {
  if (content.includes(0)) throw new CsvFileError(INVALID_FILE_TYPE, 'The file is not a CSV text file.');
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw new CsvFileError(INVALID_FILE_TYPE, 'The file is not UTF-8 encoded CSV text.');
  }
}

/** A quoted field may span lines, but not more than this many. */
const MAX_RECORD_LINES = 50;

/**
 * Reads a CSV file (comma separated, optional BOM, quoted fields per RFC 4180). A malformed record is reported with
 * its line number and skipped; the records after it are still read. The whole file goes through csv-parse at once;
 * only when that finds malformed records is the file read again record by record, so that one bad quote does not
 * swallow the lines after it.
 */
export async function readCsv(content: Buffer): Promise<CsvFile> {
  assertTextFile(content);
  const fast = await readWhole(content);
  const result = fast.errors.length ? readRecordByRecord(content.toString('utf8')) : fast;
  if (!result.header)
    throw new CsvFileError('Invalid CSV header', 'The file is empty: its first line must name the columns.');
  result.errors.sort((a, b) => a.line - b.line);
  return { header: result.header, records: result.records, errors: result.errors };
}

type Partial = { header: string[] | undefined; records: CsvRecord[]; errors: ImportError[] };

function addRecord(out: Partial, values: string[], line: number): void {
  if (!out.header) out.header = values.map(normaliseHeaderName);
  else if (!values.every((v) => v.trim() === '')) out.records.push({ line, values });
}

async function readWhole(content: Buffer): Promise<Partial> {
  const out: Partial = { header: undefined, records: [], errors: [] };
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (err) => {
      if (err) out.errors.push({ line: Number(err.lines), reason: malformed(err) });
      return undefined;
    },
  });
  parser.end(content);
  for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    addRecord(out, item.record, item.info.lines);
  }
  return out;
}

function malformed(err: Error): string {
  return `Malformed CSV line: ${err.message.split(' at line ')[0].split(':')[0]}`;
}

/** Groups physical lines into records (a record goes on while its quotes are unbalanced) and parses each alone. */
function readRecordByRecord(text: string): Partial {
  const out: Partial = { header: undefined, records: [], errors: [] };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let i = 0;
  while (i < lines.length) {
    const start = i;
    let record = lines[i];
    let quotes = countQuotes(record);
    i++;
    while (quotes % 2 === 1 && i < lines.length && i - start < MAX_RECORD_LINES) {
      record += `\n${lines[i]}`;
      quotes += countQuotes(lines[i]);
      i++;
    }
    if (quotes % 2 === 1) {
      // Never closed: only the first line is bad; read on from the next one.
      out.errors.push({ line: start + 1, reason: 'Malformed CSV line: Quote Not Closed' });
      i = start + 1;
      continue;
    }
    if (record.trim() === '') continue;
    try {
      const [values] = parseSync(record, { relax_column_count: true }) as string[][];
      if (values) addRecord(out, values, start + 1);
    } catch (err) {
      out.errors.push({ line: start + 1, reason: malformed(err as Error) });
    }
  }
  return out;
}

function countQuotes(line: string): number {
  let n = 0;
  for (let i = line.indexOf('"'); i !== -1; i = line.indexOf('"', i + 1)) n++;
  return n;
}

/** The indexes of those of `names` present in the header, in the order of `names`. */
export function columnIndex(header: string[], names: readonly string[]): number[] {
  return names.map((n) => header.indexOf(n)).filter((i) => i >= 0);
}

/** The first non-empty value among the given columns, trimmed ('' when none). */
export function firstValue(values: string[], indexes: number[]): string {
  for (const i of indexes) {
    const v = values[i]?.trim();
    if (v) return v;
  }
  return '';
}
