import { useCallback, useEffect, useRef } from 'react';
import { versionOf } from '../../app/if-match';

/**
 * The version of the website stream a screen's forms are based on (concurrent editing, issue 12).
 * The settings, the header and footer, the announcement bar and the social links are all in that
 * one stream, so the forms of a screen share one version: a save by one form moves it for the
 * others (or the next one would be refused as if someone else had saved). Taken from the reads the
 * forms were filled from, the oldest of them, so nothing read earlier is ever overwritten unseen.
 */
export type WebsiteVersion = {
  /** What the next save is based on (null: the reads gave none, and saves are not checked). */
  current: () => number | null;
  /** A save went through: what it answered is what the next one is based on. */
  moved: (answer: unknown) => void;
  /** The forms were filled again from `reads`. */
  reset: (...reads: unknown[]) => void;
};

export function useWebsiteVersion(...reads: unknown[]): WebsiteVersion {
  const version = useRef<number | null | undefined>(undefined);
  // The first time every read has answered (the forms are filled from them), its version is where they start from.
  useEffect(() => {
    if (version.current === undefined && reads.every((r) => r !== undefined)) version.current = oldest(reads);
  });
  const current = useCallback(() => version.current ?? null, []);
  const moved = useCallback((answer: unknown) => {
    version.current = versionOf(answer) ?? version.current;
  }, []);
  const reset = useCallback((...fresh: unknown[]) => {
    version.current = oldest(fresh);
  }, []);
  return { current, moved, reset };
}

function oldest(reads: unknown[]): number | null {
  const versions = reads.map(versionOf).filter((v): v is number => v !== null);
  return versions.length === 0 ? null : Math.min(...versions);
}
