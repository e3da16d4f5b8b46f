import type { INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';

/** Every route the app's controllers declare, as 'METHOD /path/:param', from Nest's route metadata. */
export function appRoutes(app: INestApplication): string[] {
  const routes = new Set<string>();
  const paths = (value: unknown): string[] => (Array.isArray(value) ? value : [value ?? '']).map((p) => String(p));
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const prefixes = paths(Reflect.getMetadata(PATH_METADATA, controller));
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        for (const prefix of prefixes) {
          for (const path of paths(Reflect.getMetadata(PATH_METADATA, handler))) {
            const full = `/${[prefix, path].map((p) => p.replace(/^\/+|\/+$/g, '')).filter((p) => p !== '').join('/')}`;
            routes.add(`${RequestMethod[method]} ${full}`);
          }
        }
      }
    }
  }
  return [...routes].sort();
}
