export * from './shared/decider';
