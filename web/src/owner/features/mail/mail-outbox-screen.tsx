import { hasPermission } from '@storefront/domain/accounts/permissions';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { useGetSessionQuery } from '../../shell/session-api';
import { Dialog } from '../../ui/dialog';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { useListMailOutboxQuery, useRetryMailMutation, type MailStatus, type OutboxMessage } from './mail-api';
import './mail.css';

/** What each status means to the owner. */
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Waiting to send',
  sending: 'Sending now',
  sent: 'Delivered',
  held: 'Held: no mail server',
  failed: 'Not delivered',
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type Notice = { kind: 'success' | 'error'; text: string } | null;

/**
 * /config/mail: the mail outbox (permission mail.view). Every message the site sent or holds,
 * newest first, 50 a page: status, attempts, last error; a message opens to read its text (the
 * html part is shown as text, never rendered). A failed message has Retry (mail.manage).
 */
export function MailOutboxScreen() {
  const [page, setPage] = useState(1);
  const list = useListMailOutboxQuery(page);
  const session = useGetSessionQuery();
  const canRetry = hasPermission(session.data?.owner.roles ?? [], 'mail.manage');
  const [retryMail] = useRetryMailMutation();
  const [retrying, setRetrying] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.data?.messages.find((m) => m.id === openId) ?? null;

  const retry = async (message: OutboxMessage) => {
    setRetrying(message.id);
    setNotice(null);
    try {
      await retryMail(message.id).unwrap();
      setNotice({ kind: 'success', text: `“${message.subject}” is queued again and goes out shortly.` });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, 'The message could not be queued again. Please try again.') });
    } finally {
      setRetrying(null);
    }
  };

  const header = <PageHeader title="Mail outbox" subtitle="Every message the site sent or holds: form notifications and other mail, newest first." />;
  if (list.isLoading) {
    return (
      <>
        {header}
        <Loading what="the mail outbox" />
      </>
    );
  }
  if (list.isError || !list.data) {
    return (
      <>
        {header}
        <Alert>
          {errorMessage(list.error, 'Unable to load the mail outbox.')}{' '}
          <button type="button" className="ow-link-button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </Alert>
      </>
    );
  }
  const { messages, total, pageSize } = list.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      {header}
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      {total === 0 ? (
        <p className="ow-panel-box">No mail yet. Form notifications and other messages the site sends show here.</p>
      ) : (
        <>
          <p className="mail-count" aria-live="polite">
            {total === 1 ? '1 message' : `${total} messages`}
            {list.isFetching ? ' · updating…' : ''}
          </p>
          <ul className="mail-list" aria-label="Messages">
            {messages.map((m) => (
              <li key={m.id} className="mail-row ow-panel-box">
                <div className="mail-row__head">
                  <button type="button" className="ow-link-button mail-row__subject" onClick={() => setOpenId(m.id)}>
                    {m.subject}
                  </button>
                  <StatusMark status={m.status} />
                </div>
                <p className="mail-row__meta">
                  <span>To {m.to.join(', ')}</span>
                  <span>
                    <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
                  </span>
                  <span>{m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`}</span>
                </p>
                {m.lastError && (
                  <p className="mail-row__error">
                    <span className="mail-row__error-label">Last error:</span> {m.lastError}
                  </p>
                )}
                {m.status === 'failed' && canRetry && (
                  <div className="mail-row__actions">
                    <button type="button" className="ow-button" disabled={retrying === m.id} onClick={() => void retry(m)} aria-label={`Retry “${m.subject}”`}>
                      {retrying === m.id ? 'Retrying…' : 'Retry'}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="mail-pager" aria-label="Pages">
              <button type="button" className="ow-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button type="button" className="ow-button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Older
              </button>
            </nav>
          )}
        </>
      )}
      {open && <MessageDialog message={open} canRetry={canRetry} retrying={retrying === open.id} onRetry={() => void retry(open)} onClose={() => setOpenId(null)} />}
    </>
  );
}

function StatusMark({ status }: { status: MailStatus }) {
  return <span className={`mail-status mail-status--${status}`}>{MAIL_STATUS_LABELS[status]}</span>;
}

/** One message as it was written: its text, and its html part as text (never rendered here). */
function MessageDialog({ message: m, canRetry, retrying, onRetry, onClose }: {
  message: OutboxMessage; canRetry: boolean; retrying: boolean; onRetry: () => void; onClose: () => void;
}) {
  return (
    <Dialog title={m.subject} onClose={onClose} wide>
      <dl className="mail-facts">
        <dt>Status</dt>
        <dd>
          <StatusMark status={m.status} />
        </dd>
        <dt>To</dt>
        <dd>{m.to.join(', ')}</dd>
        {m.replyTo && (
          <>
            <dt>Reply to</dt>
            <dd>{m.replyTo}</dd>
          </>
        )}
        <dt>Written</dt>
        <dd>
          <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
        </dd>
        {m.sentAt && (
          <>
            <dt>Delivered</dt>
            <dd>
              <time dateTime={m.sentAt}>{when(m.sentAt)}</time>
            </dd>
          </>
        )}
        {m.nextAttemptAt && m.status === 'queued' && (
          <>
            <dt>Next attempt</dt>
            <dd>
              <time dateTime={m.nextAttemptAt}>{when(m.nextAttemptAt)}</time>
            </dd>
          </>
        )}
        <dt>Attempts</dt>
        <dd>{m.attempts}</dd>
        {m.lastError && (
          <>
            <dt>Last error</dt>
            <dd className="mail-row__error">{m.lastError}</dd>
          </>
        )}
      </dl>
      <h3 className="mail-part-title">Message</h3>
      <pre className="mail-text" tabIndex={0} aria-label="Message text">
        {m.text}
      </pre>
      {m.html !== undefined && (
        <details className="mail-html">
          <summary>HTML part (shown as code)</summary>
          <pre className="mail-text" tabIndex={0} aria-label="HTML part">
            {m.html}
          </pre>
        </details>
      )}
      <div className="ow-form-actions">
        {m.status === 'failed' && canRetry && (
          <button type="button" className="ow-button ow-primary" disabled={retrying} onClick={onRetry}>
            {retrying ? 'Retrying…' : 'Retry'}
          </button>
        )}
        <button type="button" className="ow-button" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </Dialog>
  );
}
