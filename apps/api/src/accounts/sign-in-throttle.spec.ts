import { DEFAULT_SIGN_IN_THROTTLE, delayFor, tooManyAttemptsMessage } from './sign-in-throttle';

// Reading the options from the environment is the config's: config/settings.spec.ts.

describe('sign-in delay', () => {
  it.each([
    [0, 0], [2, 0], [3, 250], [4, 500], [5, 1000], [6, 2000], [7, 4000], [8, 5000], [9, 5000],
  ])('after %p failures of one email waits %p ms', (failures, ms) => {
    expect(delayFor(failures, DEFAULT_SIGN_IN_THROTTLE.email, DEFAULT_SIGN_IN_THROTTLE)).toBe(ms);
  });
});

describe('the 429 message says how long to wait', () => {
  it.each([
    [900, 'Too many sign-in attempts. Please try again in 15 minutes.'],
    [61, 'Too many sign-in attempts. Please try again in 2 minutes.'],
    [60, 'Too many sign-in attempts. Please try again in 1 minute.'],
    [30, 'Too many sign-in attempts. Please try again in 30 seconds.'],
    [1, 'Too many sign-in attempts. Please try again in 1 second.'],
  ])('%p s: %p', (seconds, message) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(message);
  });
});
