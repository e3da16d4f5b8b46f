import { DEFAULT_SIGN_IN_THROTTLE, delayFor, signInThrottleOptionsFromEnv, tooManyAttemptsMessage } from './sign-in-throttle';

describe('sign-in delay', () => {
  it.each([
    [0, 0], [2, 0], [3, 250], [4, 500], [5, 1000], [6, 2000], [7, 4000], [8, 5000], [9, 5000],
  ])('after %p failures of one email waits %p ms', (failures, ms) => {
    expect(delayFor(failures, DEFAULT_SIGN_IN_THROTTLE.email, DEFAULT_SIGN_IN_THROTTLE)).toBe(ms);
  });

  it('reads overrides from the environment and keeps defaults otherwise', () => {
    const options = signInThrottleOptionsFromEnv({ SIGN_IN_DELAY_BASE_MS: '10', SIGN_IN_EMAIL_LOCK_AFTER: '5', SIGN_IN_IP_LOCK_AFTER: 'x' });
    expect(options).toEqual({ ...DEFAULT_SIGN_IN_THROTTLE, baseDelayMs: 10, email: { freeFailures: 3, lockAfter: 5 } });
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
