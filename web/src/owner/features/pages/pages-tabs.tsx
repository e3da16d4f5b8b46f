import { NavLink } from 'react-router';

/** The Pages section's two screens: the page tree (with the navigations) and the header and footer. */
export function PagesTabs() {
  return (
    <nav className="pg-tabs" aria-label="Pages section">
      <NavLink to="/pages" end>
        Pages and navigation
      </NavLink>
      <NavLink to="/pages/header-footer">Header and footer</NavLink>
    </nav>
  );
}
