export * from './wire';
export * from './reports';
export * from './events';
export * from './census-cookie';
export * from './tracking-rules';
