import { fromZonedInput, toZonedInput } from './zoned-time';

describe("event times on the website's wall clock", () => {
  it('reads and writes New York time, summer and winter', () => {
    const summer = Date.UTC(2026, 6, 4, 16, 30); // 12:30 EDT
    const winter = Date.UTC(2026, 0, 15, 17, 0); // 12:00 EST
    expect(toZonedInput(summer, 'America/New_York')).toBe('2026-07-04T12:30');
    expect(toZonedInput(winter, 'America/New_York')).toBe('2026-01-15T12:00');
    expect(fromZonedInput('2026-07-04T12:30', 'America/New_York')).toBe(summer);
    expect(fromZonedInput('2026-01-15T12:00', 'America/New_York')).toBe(winter);
  });

  it('round-trips other zones and leaves empty or broken input alone', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'Asia/Tokyo', 'Australia/Adelaide']) {
      const ms = Date.UTC(2026, 2, 29, 1, 45);
      expect(fromZonedInput(toZonedInput(ms, zone), zone)).toBe(ms);
    }
    expect(toZonedInput(null, 'UTC')).toBe('');
    expect(fromZonedInput('', 'UTC')).toBeNull();
    expect(fromZonedInput('tomorrow', 'UTC')).toBeNull();
  });
});
