/** Stands in for a stylesheet a component imports (jest.config.js moduleNameMapper): Vite bundles them, Jest needs none. */
module.exports = {};
