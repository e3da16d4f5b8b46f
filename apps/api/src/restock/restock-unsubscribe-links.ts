import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SERVER_SECRETS, type ServerSecrets } from '../infrastructure/server-secrets';

const PURPOSE = 'restock-unsubscribe';
const TOKEN = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;
export const RESTOCK_UNSUBSCRIBE_PATH = '/api/site-users/account/notifications/restock/unsubscribe';

/** The unsubscribe link of a sign-up's mail: its id and a MAC under a server secret, so a link names one sign-up and cannot be made up. */
@Injectable()
export class RestockUnsubscribeLinks {
  constructor(
    @Inject(SERVER_SECRETS) private readonly secrets: ServerSecrets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  link(signUpId: string): string {
    return `${this.config.siteUrl.replace(/\/$/, '')}${RESTOCK_UNSUBSCRIBE_PATH}?token=${signUpId}.${this.secrets.mac(PURPOSE, signUpId)}`;
  }

  /** The sign-up a token names, or null for a token this server did not make. */
  signUpOf(token: unknown): string | null {
    const match = typeof token === 'string' ? TOKEN.exec(token) : null;
    return match && this.secrets.verify(PURPOSE, match[1]!, match[2]!) ? match[1]! : null;
  }
}
