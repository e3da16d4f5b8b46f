/** SPEC 3 'Social link' as the footer and the social links block print it. 'email' is special: a mail link. */
import type { SocialAccount } from './page-context';

export type SocialLinkView = { service: string; label: string; url: string; userName: string };

const LABELS: Record<string, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  pinterest: 'Pinterest',
  twitter: 'X (Twitter)',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  etsy: 'Etsy',
  email: 'Email',
};

function label(service: string): string {
  return LABELS[service] ?? service.charAt(0).toUpperCase() + service.slice(1);
}

const isSafeUrl = (url: string) => /^(https?:|mailto:|\/)/i.test(url);

export function socialLinks(accounts: SocialAccount[] | null | undefined): SocialLinkView[] {
  if (!Array.isArray(accounts)) return [];
  return accounts.flatMap((a) => {
    const service = (a.serviceName ?? '').toLowerCase().replace(/[^a-z0-9-]/g, '');
    if (!service) return [];
    if (service === 'email') {
      const url = a.profileUrl?.startsWith('mailto:') ? a.profileUrl : a.userName?.includes('@') ? `mailto:${a.userName}` : '';
      return url ? [{ service, label: label(service), url, userName: '' }] : [];
    }
    return a.profileUrl && isSafeUrl(a.profileUrl) ? [{ service, label: label(service), url: a.profileUrl, userName: a.userName ?? '' }] : [];
  });
}
