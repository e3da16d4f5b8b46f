import { DEFAULT_SIGN_IN_THROTTLE, delayFor, signInThrottleOptionsFromEnv } from './sign-in-throttle';

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
