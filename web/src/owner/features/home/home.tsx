import { Link } from 'react-router';
import { canOpen, SECTIONS } from '../../shell/navigation';
import { useGetSessionQuery, useGetSiteSummaryQuery } from '../../shell/session-api';
import { PageHeader } from '../../ui/page-header';

const WHAT_EACH_SECTION_DOES: Record<string, string> = {
  pages: 'Build pages, blog posts and events; arrange the navigation.',
  products: 'Add products, variants, prices, stock and images.',
  orders: 'See new orders, fulfil them or cancel them.',
  forms: 'Build contact forms, surveys and newsletter sign-ups; read their submissions.',
  settings: 'Site title, logo, time zone, currency and checkout options.',
};

/** The owner's start screen: the sections this owner may open, with what each is for. */
export function Home() {
  const { data: session } = useGetSessionQuery();
  const { data: site } = useGetSiteSummaryQuery();
  const roles = session?.owner.roles ?? [];
  return (
    <>
      <PageHeader title={site?.website.siteTitle ?? 'Your site'} subtitle={`Signed in as ${session?.owner.email ?? ''}`} />
      <ul className="ow-cards">
        {SECTIONS.filter((s) => canOpen(s, roles)).map((s) => (
          <li key={s.path}>
            <Link to={`/${s.path}`} className="ow-card">
              <strong>{s.label}</strong>
              <span>{WHAT_EACH_SECTION_DOES[s.path] ?? ''}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A path under /config that no screen answers. */
export function NotFound() {
  return (
    <>
      <PageHeader title="Nothing here" subtitle="This part of the editor does not exist." />
      <p>
        <Link to="/">Back to the start</Link>
      </p>
    </>
  );
}
