export * from './wire';
export * from './reports';
export * from './events';
