/** Injection tokens of the storage providers (InfrastructureModule provides them). */
export const DATABASE = Symbol('DATABASE');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const PROJECTION_RUNNER = Symbol('PROJECTION_RUNNER');
