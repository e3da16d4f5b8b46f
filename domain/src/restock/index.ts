export * from './sign-up-request';
export * from './events';
export * from './commands';
export * from './state';
export * from './evolve';
export * from './decide';
export * from './notification-mail';
export * from './settings';
