import { randomBytes } from 'node:crypto';

/** A provider-style id for the local provider: `pm_local_…`, `sub_local_…`, `cus_local_…`, `in_local_…`. */
export const localId = (prefix: 'pm' | 'sub' | 'cus' | 'in') =>
  `${prefix}_local_${randomBytes(12).toString('base64url')}`;
