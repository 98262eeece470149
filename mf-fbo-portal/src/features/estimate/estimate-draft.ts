import { FEE_KINDS, MAX_CUSTOM_SERVICES, type FeeKind } from '@rampquote/contracts';
import {
  EMPTY_ENTRY,
  emptyFees,
  type CustomServiceValues,
  type EstimateContext,
  type EstimateFormValues,
  type FeeEntryValues,
  type ServicesQuotedValues,
} from './estimate-form';

/**
 * What the FBO typed, kept in this browser (localStorage) per invitation until the server confirms the answer:
 * a reload, a closed tab or a connection lost while submitting never loses it. Keyed by the
 * invitation id (one per link token) rather than the token itself, so the credential is not written to storage.
 */
export const ESTIMATE_DRAFT_PREFIX = 'rampquote.fboEstimateDraft.';

const draftKey = (invitationId: string) => ESTIMATE_DRAFT_PREFIX + invitationId;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

interface StoredDraft {
  savedAt: string;
  values: EstimateFormValues;
}

export function saveEstimateDraft(invitationId: string, values: EstimateFormValues): void {
  try {
    storage()?.setItem(
      draftKey(invitationId),
      JSON.stringify({ savedAt: new Date().toISOString(), values } satisfies StoredDraft),
    );
  } catch {
    // Storage full or refused (private mode): the form keeps working, only the safety net is missing.
  }
}

export function clearEstimateDraft(invitationId: string): void {
  try {
    storage()?.removeItem(draftKey(invitationId));
  } catch {
    // nothing to clear
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** True when the values hold anything the FBO typed (a price, a note, a mark, a line or a comment). */
export function hasTypedSomething(values: EstimateFormValues, context: EstimateContext): boolean {
  const quoted = values.servicesQuoted;
  return (
    context.keys.some((key) => {
      const entry = quoted[key];
      return Boolean(entry && (entry.price.trim() || entry.notes.trim() || entry.unavailable));
    }) ||
    quoted.customServices.length > 0 ||
    FEE_KINDS.some((k) => Boolean(values.fees?.[k]?.price.trim() || values.fees?.[k]?.waivedWithGallons.trim())) ||
    values.notes.trim() !== ''
  );
}

/**
 * The stored draft for this invitation, reduced to the requested services (anything else in storage is ignored),
 * or null when there is none, it cannot be read, or it holds nothing typed.
 */
export function readEstimateDraft(
  invitationId: string,
  context: EstimateContext,
  defaults: EstimateFormValues,
): EstimateFormValues | null {
  let raw: string | null | undefined;
  try {
    raw = storage()?.getItem(draftKey(invitationId));
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const values = (parsed as Partial<StoredDraft> | null)?.values as Partial<EstimateFormValues> | undefined;
  if (!values || typeof values !== 'object') return null;
  const stored = (values.servicesQuoted ?? {}) as Partial<ServicesQuotedValues>;
  const servicesQuoted: ServicesQuotedValues = { customServices: [] };
  for (const key of context.keys) {
    const entry = stored[key];
    servicesQuoted[key] =
      entry && typeof entry === 'object'
        ? { price: text(entry.price), notes: text(entry.notes), unavailable: entry.unavailable === true }
        : { ...EMPTY_ENTRY };
  }
  const lines = Array.isArray(stored.customServices) ? stored.customServices : [];
  servicesQuoted.customServices = lines
    .filter((line): line is CustomServiceValues => line !== null && typeof line === 'object')
    .slice(0, MAX_CUSTOM_SERVICES)
    .map((line) => ({ id: text(line.id), name: text(line.name), price: text(line.price), notes: text(line.notes) }));
  const storedFees = (values.fees ?? {}) as Partial<Record<FeeKind, Partial<FeeEntryValues>>>;
  const fees = emptyFees();
  for (const kind of FEE_KINDS) {
    const fee = storedFees[kind];
    if (fee && typeof fee === 'object')
      fees[kind] = { price: text(fee.price), waivedWithGallons: text(fee.waivedWithGallons) };
  }
  const draft: EstimateFormValues = {
    servicesQuoted,
    fees,
    notes: text(values.notes),
    validUntil: /^\d{4}-\d{2}-\d{2}$/.test(text(values.validUntil)) ? text(values.validUntil) : defaults.validUntil,
  };
  return hasTypedSomething(draft, context) ? draft : null;
}
