import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { viteEntryTags } from '../../infrastructure/http/vite-bundle';
import { ownerAppPolicy } from '../../security/content-security-policy';

/** Where the owner app's own build sits under the web build, and the URL it is served at. */
export const OWNER_APP_DIST = 'owner';
export const OWNER_APP_ENTRY = 'src/owner/main.tsx';

/**
 * The owner app's page: an empty shell that loads the editor bundle (web/src/owner, a build of its
 * own that published pages never load). The app asks the session API who is signed in.
 */
@Injectable()
export class OwnerAppPage {
  private tags: string | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  send(res: FastifyReply): void {
    this.tags ??= viteEntryTags(join(this.config.webDistDir, OWNER_APP_DIST), OWNER_APP_ENTRY, `/static/${OWNER_APP_DIST}/`);
    res.header('Content-Type', 'text/html; charset=utf-8');
    res.header('Cache-Control', 'no-store');
    res.header('X-Frame-Options', 'DENY');
    res.header('Content-Security-Policy', ownerAppPolicy());
    res.status(200).send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Site editor</title>
${this.tags}
</head>
<body>
<div id="owner-app"><noscript>The site editor needs JavaScript.</noscript></div>
</body>
</html>`);
  }
}
