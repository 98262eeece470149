/** Client checks before a CSV upload (spec accounts-aircraft-billing section 5), shared by the airport and FBO imports. */
export type UploadCheck =
  { ok: true } | { ok: false; title: 'No File Selected' | 'Invalid File Type'; description: string };

export function checkCsvFile(file: File | null | undefined): UploadCheck {
  if (!file) return { ok: false, title: 'No File Selected', description: 'Please choose a CSV file to upload.' };
  if (!/\.csv$/i.test(file.name))
    return { ok: false, title: 'Invalid File Type', description: 'Please choose a file whose name ends in .csv.' };
  return { ok: true };
}

/** "1 error", "24,915 airports". */
export function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}
