export * from './wire';
export * from './reports';
export * from './events';
export * from './ingestion-parsers';
export * from './ingestion-events';
export * from './census-cookie';
export * from './tracking-rules';
