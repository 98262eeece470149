/** Request notes are plain text or JSON with a `notes` field (spec section 2). */
export function readableNotes(notes: string | null): string | null {
  if (!notes) return null;
  const text = notes.trim();
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && 'notes' in parsed) {
        const inner = (parsed as { notes: unknown }).notes;
        return typeof inner === 'string' && inner.trim() ? inner.trim() : null;
      }
    } catch {
      // plain text that starts with a brace
    }
  }
  return text;
}
