export * from './config';
export * from './identity-signing';
export * from './json-logger';
export * from './database/ensure-database';
