/**
 * Share links for a post (Website.shareButtonOptions turns each service on): plain links to each
 * service's public share URL, no third-party script.
 */
export type ShareButtonOptions = Record<string, boolean | null | undefined>;
export type ShareLink = { service: string; label: string; url: string };

type ShareTarget = { url: string; title: string; imageUrl?: string | null };

const SERVICES: { service: string; label: string; href: (t: ShareTarget) => string }[] = [
  { service: 'facebook', label: 'Facebook', href: (t) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(t.url)}` },
  {
    service: 'twitter',
    label: 'X (Twitter)',
    href: (t) => `https://twitter.com/intent/tweet?url=${encodeURIComponent(t.url)}&text=${encodeURIComponent(t.title)}`,
  },
  {
    service: 'pinterest',
    label: 'Pinterest',
    href: (t) =>
      `https://www.pinterest.com/pin/create/button/?url=${encodeURIComponent(t.url)}&description=${encodeURIComponent(t.title)}` +
      (t.imageUrl ? `&media=${encodeURIComponent(t.imageUrl)}` : ''),
  },
  {
    service: 'linkedin',
    label: 'LinkedIn',
    href: (t) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(t.url)}`,
  },
  {
    service: 'email',
    label: 'Email',
    href: (t) => `mailto:?subject=${encodeURIComponent(t.title)}&body=${encodeURIComponent(t.url)}`,
  },
];

/** One link per enabled service, in a fixed order. */
export function shareLinks(options: ShareButtonOptions | null | undefined, target: ShareTarget): ShareLink[] {
  if (!options) return [];
  return SERVICES.filter((s) => options[s.service] === true).map((s) => ({ service: s.service, label: s.label, url: s.href(target) }));
}

/** An absolute URL for a site path ('/journal/x' on 'https://clay.example' → 'https://clay.example/journal/x'). */
export function absoluteUrl(baseUrl: string | null | undefined, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = (baseUrl ?? '').replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}
