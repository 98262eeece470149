/** The FBO inbox list's cache tag: the inbox provides it, an estimate or a decline sent from the portal invalidates it. */
export const INBOX_TAG = { type: 'FboQuote', id: 'INBOX' } as const;
