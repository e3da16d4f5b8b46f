import { useEffect, useState } from 'react';

/** The time, refreshed every `everyMs`: a Scheduled page shows as published once its time has come. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
