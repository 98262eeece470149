/**
 * A draft aircraft a visitor filled in before registering (the quote flow stores it in local storage under
 * `pendingAircraftData`). Its profile name is sent with the registration. The name is the draft's own
 * `profileName` (or `name`), else the first word of the model followed by the tail number.
 */
export const PENDING_AIRCRAFT_KEY = 'pendingAircraftData';

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function pendingAircraftProfileName(): string | undefined {
  let draft: unknown;
  try {
    const raw = localStorage.getItem(PENDING_AIRCRAFT_KEY);
    if (!raw) return undefined;
    draft = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!draft || typeof draft !== 'object') return undefined;
  const record = draft as Record<string, unknown>;
  const named = text(record.profileName) || text(record.name);
  if (named) return named;
  const modelWord = text(record.model).split(/\s+/)[0];
  const tailNumber = text(record.tailNumber).toUpperCase();
  return modelWord && tailNumber ? `${modelWord} ${tailNumber}` : undefined;
}

/** The stored draft as JSON (null when absent, unreadable or storage is unavailable). */
export function readPendingAircraft(): unknown {
  try {
    const raw = localStorage.getItem(PENDING_AIRCRAFT_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Keeps a signed-out user's draft aircraft (make, model, tailNumber, the other aircraft fields, unitSystem). */
export function writePendingAircraft(draft: object): void {
  try {
    localStorage.setItem(PENDING_AIRCRAFT_KEY, JSON.stringify(draft));
  } catch {
    // storage unavailable or full: the draft is simply not kept
  }
}

export function clearPendingAircraft(): void {
  try {
    localStorage.removeItem(PENDING_AIRCRAFT_KEY);
  } catch {
    // storage unavailable
  }
}
