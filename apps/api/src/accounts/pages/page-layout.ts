import type { FastifyReply } from 'fastify';
import { newNonce, ownerPagePolicy } from '../../security/content-security-policy';
import { escapeHtml } from '../../infrastructure/http/html';

/** Shared look of the owner pages: system fonts, one centred card, no external assets. */
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f4f2;color:#1d1d1b;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{width:min(100% - 2rem,24rem);background:#fff;border:1px solid #e2e2de;border-radius:12px;padding:2rem;
  box-shadow:0 1px 2px rgba(0,0,0,.04),0 8px 24px rgba(0,0,0,.06)}
h1{font-size:1.5rem;margin:0 0 1.5rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
.field{margin:0 0 1rem}
input[type=email],input[type=password]{width:100%;padding:.625rem .75rem;font:inherit;border:1px solid #b9b9b3;border-radius:8px}
input:focus-visible,button:focus-visible{outline:3px solid #2f6fed;outline-offset:2px}
.check{display:flex;align-items:center;gap:.5rem;font-weight:400;margin:0 0 1.25rem}
.check input{width:1.1rem;height:1.1rem;margin:0}
button{width:100%;padding:.7rem 1rem;font:inherit;font-weight:600;color:#fff;background:#1d1d1b;border:0;border-radius:8px;cursor:pointer}
button[disabled]{opacity:.6;cursor:progress}
.error{color:#b3261e;background:#fdecea;border-radius:8px;padding:.5rem .75rem;margin:0 0 1rem}
.error:empty{display:none}
p.meta{color:#5b5b57;margin:0 0 1.5rem}
`;

/**
 * Sends an owner page. Inline script and style run only with this response's nonce (CSP), the
 * page cannot be framed (clickjacking) and is never cached (it may show who is signed in).
 */
export function sendOwnerPage(res: FastifyReply, title: string, body: (nonce: string) => string, status = 200): void {
  const nonce = newNonce();
  res.header('Content-Type', 'text/html; charset=utf-8');
  res.header('Cache-Control', 'no-store');
  res.header('X-Frame-Options', 'DENY');
  res.header('Content-Security-Policy', ownerPagePolicy(nonce));
  res.status(status).send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
${body(nonce)}
</body>
</html>`);
}
