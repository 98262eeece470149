import { plural } from '../../shared/csv-upload';

/** "Import Completed" description: imported and error counts. */
export function completedDescription(imported: number, errorCount: number, skipped = 0): string {
  const parts = [`${plural(imported, 'airport')} imported`];
  if (skipped) parts.push(`${plural(skipped, 'duplicate')} skipped`);
  parts.push(plural(errorCount, 'error'));
  return `${parts.join(', ')}.`;
}
