import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { errorMessage, sessionEnded } from '../app/api';
import { Alert, Loading } from '../ui/page-header';
import { canOpen, SECTIONS } from './navigation';
import { useGetSessionQuery, useGetSiteSummaryQuery, useSignOutMutation } from './session-api';

/**
 * The owner app's frame: the left panel (the site, the sections this owner may open, who is
 * signed in, Sign out) and the open section. On a phone the panel folds behind a Menu button.
 */
export function Shell() {
  const session = useGetSessionQuery();
  const site = useGetSiteSummaryQuery(undefined, { skip: !session.data });
  const [signOut, signingOut] = useSignOutMutation();
  // The phone menu stays open on the screen it was opened on; going to another screen folds it.
  const { pathname } = useLocation();
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  if (session.isLoading) return <Loading what="the editor" />;
  if (!session.data) return <Alert>{errorMessage(session.error, 'Could not load your session. Please reload the page.')}</Alert>;
  const { owner } = session.data;
  const sections = SECTIONS.filter((s) => canOpen(s, owner.roles));
  const siteTitle = site.data?.website.siteTitle ?? '';

  return (
    <div className={menuOpen ? 'ow-app ow-menu-open' : 'ow-app'}>
      <a className="ow-skip-link" href="#ow-main">
        Skip to content
      </a>
      <header className="ow-topbar">
        <button type="button" className="ow-menu-button" aria-expanded={menuOpen} aria-controls="ow-panel" onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}>
          Menu
        </button>
        <span className="ow-topbar-title">{siteTitle}</span>
      </header>
      <nav id="ow-panel" className="ow-panel" aria-label="Editor">
        <div className="ow-panel-site">
          <NavLink to="/" end className="ow-site-title">
            {siteTitle || 'Your site'}
          </NavLink>
          <a href="/" target="_blank" rel="noopener" className="ow-view-site">
            View site ↗
          </a>
        </div>
        <ul className="ow-sections">
          {sections.map(({ path, label, badge: Badge }) => (
            <li key={path}>
              <NavLink to={`/${path}`}>
                {label}
                {Badge && <Badge />}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ow-account">
          <p>
            <span className="ow-account-email">{owner.email}</span>
            <span className="ow-account-roles">{owner.roles.join(', ')}</span>
          </p>
          {signingOut.isError && <Alert>Could not sign out. Please reload the page and try again.</Alert>}
          <button
            type="button"
            className="ow-button"
            disabled={signingOut.isLoading}
            onClick={() => void signOut().unwrap().then(() => sessionEnded.handle(), () => undefined)}
          >
            Sign out
          </button>
        </div>
      </nav>
      <main id="ow-main" className="ow-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
