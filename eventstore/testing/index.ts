export * from './test-database';
export * from './command-context';
export * from './counter-decider';
export * from './scratch-postgres';
export * from './eventually';
