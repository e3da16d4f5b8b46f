import type { FastifyReply } from 'fastify';
import { ERROR_MESSAGES } from '@storefront/domain';
import { sendOwnerPage } from './page-layout';

export const LOGIN_PAGE_PATH = '/config/login';
export const OWNER_HOME_PATH = '/config';

/**
 * The owner sign-in page. The form posts JSON to the session API (SPEC 'Session login payload');
 * on success the browser goes to /config. Errors are announced through the role=alert region.
 */
export function sendLoginPage(res: FastifyReply): void {
  sendOwnerPage(res, 'Sign in', (nonce) => `<main>
<h1>Sign in</h1>
<form id="sign-in" action="/api/config/session" method="post">
  <div id="sign-in-error" class="error" role="alert" aria-live="assertive"></div>
  <div class="field">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required maxlength="256" autofocus>
  </div>
  <div class="field">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024">
  </div>
  <label class="check" for="rememberMe"><input id="rememberMe" name="rememberMe" type="checkbox"> Remember me</label>
  <button type="submit">Sign in</button>
</form>
</main>
<script nonce="${nonce}">
(function () {
  var form = document.getElementById('sign-in');
  var error = document.getElementById('sign-in-error');
  var button = form.querySelector('button');
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    error.textContent = '';
    button.disabled = true;
    fetch(form.action, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
      body: JSON.stringify({
        email: form.email.value,
        password: form.password.value,
        rememberMe: form.rememberMe.checked
      })
    }).then(function (response) {
      if (response.ok) { window.location.assign('${OWNER_HOME_PATH}'); return; }
      return response.json().catch(function () { return {}; }).then(function (body) {
        error.textContent = body.message || '${ERROR_MESSAGES.INTERNAL}';
        button.disabled = false;
        form.password.focus();
      });
    }).catch(function () {
      error.textContent = 'Could not reach the server. Please try again.';
      button.disabled = false;
    });
  });
})();
</script>`);
}
