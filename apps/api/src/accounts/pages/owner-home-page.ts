import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../infrastructure/http/html';
import { sendOwnerPage } from './page-layout';
import { LOGIN_PAGE_PATH } from './login-page';

/**
 * A minimal home for a signed-in owner until the editor app takes over /config. The XSRF token
 * is written into the page (same-origin only) so the sign-out button can send it.
 */
export function sendOwnerHomePage(res: FastifyReply, owner: { email: string; roles: string[] }, xsrfToken: string): void {
  sendOwnerPage(res, 'Site settings', (nonce) => `<main>
<h1>Site settings</h1>
<p class="meta">Signed in as <strong>${escapeHtml(owner.email)}</strong> (${escapeHtml(owner.roles.join(', '))})</p>
<div id="sign-out-error" class="error" role="alert"></div>
<button id="sign-out" type="button" data-xsrf="${escapeHtml(xsrfToken)}">Sign out</button>
</main>
<script nonce="${nonce}">
(function () {
  var button = document.getElementById('sign-out');
  button.addEventListener('click', function () {
    button.disabled = true;
    fetch('/api/config/session', {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { 'X-XSRF-Token': button.getAttribute('data-xsrf') }
    }).then(function (response) {
      if (response.ok) { window.location.assign('${LOGIN_PAGE_PATH}'); return; }
      document.getElementById('sign-out-error').textContent = 'Could not sign out. Please reload the page and try again.';
      button.disabled = false;
    });
  });
})();
</script>`);
}
