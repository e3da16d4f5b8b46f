import { useLayoutEffect, useRef, useState } from 'react';

/**
 * SPEC 2 'Device views': desktop frames are 1024 px wide, phones 428 px; the SPEC gives no width
 * for tablets, so they get 768 px (a portrait iPad, the common tablet breakpoint).
 */
export const DEVICES = [
  { key: 'desktop', label: 'Desktop', width: 1024 },
  { key: 'tablet', label: 'Tablet', width: 768 },
  { key: 'phone', label: 'Phone', width: 428 },
] as const;
export type DeviceKey = (typeof DEVICES)[number]['key'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the published site shows a save: its page context (`?format=json`, as the signed-in
 * owner sees it) carries `updatedOn` or later in what `pick` reads. The site is built from read
 * models a moment behind the event log, so reloading the frame right after a save could show the
 * page as it was. Gives up (false) after `timeoutMs`; the frame is reloaded either way.
 */
export async function publishedSiteShows(
  path: string,
  pick: (context: { collection?: { updatedOn?: number }; item?: { updatedOn?: number } }) => number | undefined,
  updatedOn: number,
  timeoutMs = 3000,
): Promise<boolean> {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('format', 'json');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
      if (response.ok && (pick((await response.json()) as Parameters<typeof pick>[0]) ?? 0) >= updatedOn) return true;
    } catch {
      // A failed read is retried like a stale one.
    }
    if (Date.now() >= deadline) return false;
    await sleep(100);
  }
}

/**
 * The real published page in a frame (published pages allow our own origin to frame them), at the
 * chosen device's width, scaled down to fit the space it has. `reloadKey` changes after each save:
 * the frame loads the page again. Links inside it (the cart pill too) navigate the frame, never
 * this window.
 */
export function PreviewFrame({
  src, title, reloadKey, updating = false, onLoad,
}: {
  src: string;
  title: string;
  reloadKey: number;
  /** A save is on its way to the published site: the frame reloads once it is there. */
  updating?: boolean;
  onLoad?: () => void;
}) {
  const [device, setDevice] = useState<DeviceKey>('desktop');
  const [loaded, setLoaded] = useState<number | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState({ width: 0, height: 0 });
  const width = DEVICES.find((d) => d.key === device)!.width;

  useLayoutEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const measure = () => setStage({ width: el.clientWidth, height: el.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const scale = stage.width > 0 ? Math.min(1, stage.width / width) : 1;
  const height = stage.height > 0 ? Math.round(stage.height / scale) : 800;
  const loading = loaded !== reloadKey;

  return (
    <section className="pe-preview" aria-label="Preview">
      <div className="pe-preview-bar">
        <div className="pe-devices" role="group" aria-label="Device">
          {DEVICES.map((d) => (
            <button key={d.key} type="button" className="pe-device" aria-pressed={device === d.key} onClick={() => setDevice(d.key)}>
              {d.label}
              <span className="pe-device-width">{d.width} px</span>
            </button>
          ))}
        </div>
        <p className="pe-preview-note" aria-live="polite">
          {updating ? 'Updating the preview…' : loading ? 'Loading the preview…' : `${width} px wide${scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ''}`}
        </p>
      </div>
      <div ref={stageRef} className="pe-stage">
        <iframe
          key={reloadKey}
          className="pe-frame"
          title={title}
          src={src}
          style={{ width: `${width}px`, height: `${height}px`, transform: scale < 1 ? `scale(${scale})` : undefined }}
          onLoad={() => {
            setLoaded(reloadKey);
            onLoad?.();
          }}
        />
      </div>
    </section>
  );
}
