import { Link, Outlet } from 'react-router';
import { PageHeader } from '../ui/page-header';
import { canOpen, SECTIONS } from './navigation';
import { useGetSessionQuery } from './session-api';

/**
 * A section's screens (its routes' outlet), shown only to owners whose roles may use it (the panel hides the section
 * from the others; this answers a typed or bookmarked address the same way). The server refuses
 * the section's calls to them anyway: this keeps them from an editor whose every save would fail.
 */
export function SectionGuard({ section: path }: { section: string }) {
  const { data: session } = useGetSessionQuery();
  const section = SECTIONS.find((s) => s.path === path);
  // The shell renders screens only once the session is loaded.
  if (!session || !section) return null;
  if (canOpen(section, session.owner.roles)) return <Outlet />;
  const roles = session.owner.roles.join(', ') || 'none';
  return (
    <>
      <PageHeader title={`${section.label} is not open to your account`} subtitle={`Your roles: ${roles}. An admin can change them.`} />
      <p>
        <Link to="/">Back to the start</Link>
      </p>
    </>
  );
}
