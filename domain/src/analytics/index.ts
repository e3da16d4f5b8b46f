export * from './wire';
export * from './reports';
