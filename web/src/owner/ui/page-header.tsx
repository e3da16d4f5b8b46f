import type { ReactNode } from 'react';

/** A screen's title row: the heading, an optional line under it, and the screen's actions on the right. */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="ow-page-header">
      <div>
        <h1>{title}</h1>
        {subtitle && <p className="ow-subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="ow-page-actions">{actions}</div>}
    </header>
  );
}

/** An error or notice in words, announced to screen readers. */
export function Alert({ kind = 'error', children }: { kind?: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`ow-alert ow-alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="ow-loading" role="status">
      Loading {what}…
    </p>
  );
}
