/** Injection token of the service's validated config object (ServiceConfig or a service's extension of it). */
export const SERVICE_CONFIG = Symbol('rampquote:service-config');
/** Injection token of the ServiceKitModule options. */
export const SERVICE_KIT_OPTIONS = Symbol('rampquote:service-kit-options');
