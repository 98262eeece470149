import { z } from 'zod';
import { envFlag, type ServiceConfigOf } from '@rampquote/service-kit';

/**
 * svc-identity's own variables (service.ts adds them to the base ones, PORT 4001 and EVENTS_EXCHANGE):
 * BETA_OPEN (everyone may log in, invited or not) and SUPPORT_EMAIL (where support messages are mailed).
 */
export const identityEnv = {
  BETA_OPEN: envFlag(false),
  SUPPORT_EMAIL: z.email().default('support@rampquote.dev'),
};

/** svc-identity's config, read once at boot; inject it with `@Inject(SERVICE_CONFIG)`. */
export type IdentityConfig = ServiceConfigOf<typeof identityEnv>;
