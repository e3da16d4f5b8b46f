import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { routeAccess, type RouteAccess } from '../src/security';

/** A route as `METHOD /path` (Fastify's pattern: `:param`, `*`). */
export type RouteKey = `${string} ${string}`;

/** A route of a Nest controller, with the access it declares (undefined: none, a public route). */
export type ControllerRoute = { method: string; path: string; key: RouteKey; controller: string; handler: string; access: RouteAccess | undefined };

const joinPath = (...parts: string[]): string => `/${parts.join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
const asList = (value: string | string[] | undefined): string[] => (value === undefined ? [''] : Array.isArray(value) ? value : [value]);

/**
 * Every route of every controller of the app's modules, found the way Nest finds them: the
 * controllers' path metadata and their methods' path and request-method metadata.
 */
export function controllerRoutes(app: INestApplication): ControllerRoute[] {
  const routes: ControllerRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined);
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        for (const prefix of prefixes) {
          for (const path of asList(paths)) {
            const full = joinPath(prefix, path);
            routes.push({ method, path: full, key: `${method} ${full}`, controller: controller.name, handler: name, access: routeAccess(handler, controller) });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/**
 * Every route Fastify serves (`METHOD /path`), read from its own route tree
 * (`printRoutes({ commonPrefix: false })`), whoever registered it: Nest's controllers or a plugin.
 * The HEAD route Fastify adds beside each GET is left out.
 */
export function registeredRoutes(app: INestApplication): RouteKey[] {
  const tree = (app as NestFastifyApplication).getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
  const keys: RouteKey[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[└├]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) {
      if (line.trim() !== '') throw new Error(`Unexpected line in Fastify's route tree: ${JSON.stringify(line)}`);
      continue;
    }
    const depth = match[1]!.length / 4;
    stack.length = depth;
    // The tree prints a wildcard under a static part without its slash (`config` → `*` for /config/*).
    const parent = stack.join('');
    stack.push(match[2]!.startsWith('*') && !parent.endsWith('/') ? `/${match[2]!}` : match[2]!);
    const path = stack.join('').replace(/\/+/g, '/');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) if (method !== 'HEAD') keys.push(`${method} ${path}`);
  }
  return keys.sort();
}
