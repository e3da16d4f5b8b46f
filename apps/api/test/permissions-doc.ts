import { ALL_PERMISSIONS, OWNER_ROLES, PERMISSIONS, ROLE_PERMISSIONS, rolesWith, type Permission } from '@storefront/domain';
import type { ControllerRoute } from './app-routes';

/** A route anyone may call, and why; `extra`: what a signed-in owner with that permission gets beyond a visitor. */
export type PublicRoute = { why: string; extra?: Permission };

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** docs/PERMISSIONS.md's role × capability table, from the domain's permission table. */
export function permissionMatrix(): string {
  const header = `| Capability | ${OWNER_ROLES.join(' | ')} | What it allows |`;
  const rule = `|---|${OWNER_ROLES.map(() => ':-:').join('|')}|---|`;
  const rows = ALL_PERMISSIONS.map((p) => `| \`${p}\` | ${OWNER_ROLES.map((role) => (ROLE_PERMISSIONS[role].includes(p) ? '✓' : '')).join(' | ')} | ${cell(PERMISSIONS[p])} |`);
  return [header, rule, ...rows].join('\n');
}

const others = (p: Permission) => rolesWith(p).filter((role) => role !== 'admin');
const holders = (p: Permission) => (rolesWith(p).length === OWNER_ROLES.length ? 'every role' : others(p).length ? `admin, ${others(p).join(', ')}` : 'admin');

/** docs/PERMISSIONS.md's route table: every route of the app and who may call it. */
export function routeTable(routes: ControllerRoute[], publicRoutes: Record<string, PublicRoute>): string {
  const rows = routes.map((r) => {
    const open = publicRoutes[r.key];
    if (open) return `| \`${r.key}\` | public | ${cell(open.why)}${open.extra ? `; more with \`${open.extra}\` (${holders(open.extra)})` : ''} |`;
    if (!r.access) return `| \`${r.key}\` | **none declared** | |`;
    if (!r.access.permission) return `| \`${r.key}\` | signed in | any role |`;
    return `| \`${r.key}\` | \`${r.access.permission}\` | ${holders(r.access.permission)} |`;
  });
  return ['| Route | Needs | Who |', '|---|---|---|', ...rows].join('\n');
}

/** `doc` with the text between `<!-- begin NAME … -->` and `<!-- end NAME -->` replaced by `content`. */
export function withGeneratedSection(doc: string, name: string, content: string): string {
  const begin = new RegExp(`<!-- begin ${name}[^>]*-->`).exec(doc);
  const end = doc.indexOf(`<!-- end ${name} -->`);
  if (!begin || end < begin.index) throw new Error(`no generated section "${name}" (<!-- begin ${name} … --> … <!-- end ${name} -->)`);
  return `${doc.slice(0, begin.index + begin[0].length)}\n${content}\n${doc.slice(end)}`;
}
