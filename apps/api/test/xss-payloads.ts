import { parseDocument } from 'htmlparser2';

/** The payloads of issue 10 and their usual variants: each would set `window.pwned` if it ran. */
export const XSS_PAYLOADS = [
  '<script>window.pwned = 1</script>',
  '<img src=x onerror="window.pwned = 1">',
  '<img src="/static/images/a/b.jpg" onerror="window.pwned = 1">',
  '<a href="javascript:window.pwned=1">click</a>',
  '<a href="JaVaScRiPt&colon;window.pwned=1">click</a>',
  '<a href=" javascript:window.pwned=1">click</a>',
  '<a href="data:text/html,<script>window.pwned=1</script>">x</a>',
  '<svg onload="window.pwned=1"></svg>',
  '<iframe src="javascript:window.pwned=1"></iframe>',
  '<p style="background:url(javascript:x)" onclick="window.pwned=1">x</p>',
  '<form action="/api/config/owners"><button>go</button></form>',
  '<math><mi xlink:href="javascript:window.pwned=1">x</mi></math>',
  '<object data="x"></object><embed src="x">',
  '<<script>script>window.pwned=1<</script>/script>',
  '<noscript><p title="</noscript><img src=x onerror=window.pwned=1>"></noscript>',
];

type Node = { name?: string; attribs?: Record<string, string>; children?: Node[] };

/**
 * What would run (or load active content) if this markup were put in a page: script-capable or
 * plugin elements, event-handler and style attributes, script and data URLs. Frames of the known
 * video players and, when `ownScripts` is set, the page's own scripts (the islands bundle from
 * /static and the site-context JSON) are not counted.
 */
export function activeParts(html: string, options: { ownScripts?: boolean } = {}): string[] {
  const found: string[] = [];
  const ours = (node: Node) =>
    options.ownScripts === true && node.name === 'script' &&
    ((node.attribs?.id === 'site-context' && node.attribs.type === 'application/json') || (node.attribs?.type === 'module' && /^\/static\//.test(node.attribs.src ?? '')));
  const visit = (node: Node) => {
    const name = node.name?.toLowerCase();
    const vimeo = name === 'iframe' && /^https:\/\/player\.vimeo\.com\//.test(node.attribs?.src ?? '');
    if (name && /^(script|iframe|svg|math|form|object|embed|base|meta|style)$/.test(name) && !vimeo && !ours(node) && !(name === 'meta' && !node.attribs?.['http-equiv'])) {
      found.push(`<${name}>`);
    }
    for (const [attr, value] of Object.entries(node.attribs ?? {})) {
      if (/^on/i.test(attr)) found.push(attr);
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      if (/^\s*(javascript|data|vbscript):/i.test(value.replace(/[\u0000-\u001f]/g, ''))) found.push(`${attr}=${value}`);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(parseDocument(html) as unknown as Node);
  return found;
}
