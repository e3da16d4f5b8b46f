import type { CollectionKind } from './pages-api';

/** Line icons for the kinds of row in the page tree (decorative: the row says its kind in words). */
const PATHS: Record<CollectionKind | 'link', string> = {
  page: 'M6 3h8l4 4v14H6z M14 3v4h4 M9 12h6 M9 16h6',
  blog: 'M4 20h4L19 9l-4-4L4 16z M13 7l4 4',
  events: 'M4 6h16v14H4z M4 10h16 M8 3v5 M16 3v5',
  gallery: 'M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4 M15 9.5a1.5 1.5 0 1 0 0.01 0',
  products: 'M5 8h14l-1 12H6z M9 8a3 3 0 0 1 6 0',
  folder: 'M3 6h6l2 2h10v11H3z',
  link: 'M14 4h6v6 M20 4l-9 9 M18 14v6H4V6h6',
};

export function KindIcon({ kind }: { kind: CollectionKind | 'link' }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[kind]} />
    </svg>
  );
}
