/** Ids used by more than one element under `root` (each listed once, in document order). */
export function duplicateIds(root: ParentNode): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const element of Array.from(root.querySelectorAll('[id]'))) {
    const id = element.id;
    if (!id) continue;
    if (seen.has(id)) duplicates.add(id);
    else seen.add(id);
  }
  return [...duplicates];
}
