/**
 * Web vitals by their standard definitions (web.dev/articles/vitals), small enough for the
 * tracker's 3 KB budget. Pure: the tracker feeds them PerformanceObserver entries.
 */

/** CLS: the largest session window of layout shifts without recent input (a window ends after a 1 s gap or at 5 s). */
export function cumulativeLayoutShift(shifts: readonly { startTime: number; value: number; hadRecentInput: boolean }[]): number {
  let largest = 0;
  let window = 0;
  let first = 0;
  let last = 0;
  for (const s of shifts) {
    if (s.hadRecentInput) continue;
    if (window > 0 && s.startTime - last < 1000 && s.startTime - first < 5000) {
      window += s.value;
    } else {
      window = s.value;
      first = s.startTime;
    }
    last = s.startTime;
    largest = Math.max(largest, window);
  }
  return largest;
}

/**
 * INP: each interaction's longest event duration, and of those the worst, leaving out one for
 * every 50 interactions (the 98th percentile on busy pages). Undefined before any interaction.
 */
export function interactionToNextPaint(longest: ReadonlyMap<number, number>): number | undefined {
  const durations = [...longest.values()].sort((a, b) => b - a);
  return durations.length ? durations[Math.min(durations.length - 1, Math.floor(durations.length / 50))] : undefined;
}
