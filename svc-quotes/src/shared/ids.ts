import { randomInt } from 'node:crypto';
import { QUOTE_ID_ALPHABET } from '@rampquote/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** A quote ID a person can read out on the phone: 'RQ-' + 6 characters without 0/O/1/I/L (31^6 ≈ 887 million). */
export function newQuoteId(): string {
  let id = 'RQ-';
  for (let i = 0; i < 6; i += 1) id += QUOTE_ID_ALPHABET[randomInt(QUOTE_ID_ALPHABET.length)];
  return id;
}

/** PostgreSQL's unique_violation on the named constraint. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.driverError?.code;
  const name = e?.constraint ?? e?.driverError?.constraint;
  return code === '23505' && name === constraint;
}
