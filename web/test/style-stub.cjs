/** Stylesheets imported by components (Vite bundles them): nothing to load in Jest. */
module.exports = {};
