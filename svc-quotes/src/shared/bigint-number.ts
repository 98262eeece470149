import type { ValueTransformer } from 'typeorm';

/** A bigint column read as a number (the pg driver reads bigint as a string); null stays null. */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
