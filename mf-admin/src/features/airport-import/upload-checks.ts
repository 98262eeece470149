/** Client checks before an upload (spec accounts-aircraft-billing section 5). */
export type UploadCheck = { ok: true } | { ok: false; title: 'No File Selected' | 'Invalid File Type'; description: string };

export function checkCsvFile(file: File | null | undefined): UploadCheck {
  if (!file) return { ok: false, title: 'No File Selected', description: 'Please choose a CSV file to upload.' };
  if (!/\.csv$/i.test(file.name)) return { ok: false, title: 'Invalid File Type', description: 'Please choose a file whose name ends in .csv.' };
  return { ok: true };
}

export function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/** "Import Completed" description: imported and error counts. */
export function completedDescription(imported: number, errorCount: number, skipped = 0): string {
  const parts = [`${plural(imported, 'airport')} imported`];
  if (skipped) parts.push(`${plural(skipped, 'duplicate')} skipped`);
  parts.push(plural(errorCount, 'error'));
  return `${parts.join(', ')}.`;
}
