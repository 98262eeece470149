export * from './routes';
export * from './events';
export * from './users';
export * from './password-rules';
export * from './remotes';
export * from './registration';
