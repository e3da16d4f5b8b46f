/**
 * Component tests wait for what they look for (findBy…, waitFor) up to 5 s instead of Testing
 * Library's 1 s: on a loaded two-core CI machine a screen's first render after its fake fetch
 * answers has taken longer than a second. A wait ends as soon as the element is there, so passing
 * tests are no slower. Only in the DOM environment; other suites do not load Testing Library.
 */
if (typeof document !== 'undefined') require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
