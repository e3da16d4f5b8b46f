// Test helpers other packages' suites use, by `@storefront/projections/testing`.
export * from './test-events';
export * from './counter-projection';
