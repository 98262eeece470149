// @rampquote/service-kit/testing: helpers for the services' integration tests (real PostgreSQL and RabbitMQ).
// Test code only: the main entry point does not export these, and product code may not import this one.
export * from './test-environment';
export * from './test-service';
export * from './broker-outage';
export * from './mail-catcher';
export * from './event-collector';
export * from './own-events';
export * from './service-skeleton-suite';
export * from './signed-identity';
export * from './publish-event';
export * from './served-from-memory';
export * from './answer-contracts';
