/** Stands in for a stylesheet a component imports (jest.config.js moduleNameMapper). */
module.exports = {};
