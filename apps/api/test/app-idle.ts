import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { EventStore } from '@storefront/eventstore';
import { compareCheckpoints, type ProjectionRunner } from '@storefront/projections';
import { EVENT_STORE, PROJECTION_RUNNER } from '../src/infrastructure/database/tokens';
import { EventFollower } from '../src/infrastructure/event-follower';
import { MailSender } from '../src/mail';

/** The app's log followers (the restock and form-notification workers…), found among its providers. */
export function eventFollowers(app: INestApplication): EventFollower[] {
  const found = new Set<EventFollower>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.providers.values()) {
      if (wrapper.instance instanceof EventFollower) found.add(wrapper.instance);
    }
  }
  return [...found];
}

/**
 * Resolves once the app's background work has run out: its projections at the log's head, every
 * log follower idle there (EventFollower.idle) and the mail sender with nothing due
 * (MailSender.idle); again while a round of that appended events (a send request queues
 * notifications, which another follower turns into mail). What a test awaits before it asserts
 * that nothing more happened (no more mail, no second request), instead of sleeping.
 */
export async function appIdle(app: INestApplication, timeoutMs = 60_000): Promise<void> {
  const store = app.get<EventStore>(EVENT_STORE);
  const runner = app.get<ProjectionRunner>(PROJECTION_RUNNER);
  const sender = app.get(MailSender);
  const followers = eventFollowers(app);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = await store.headCheckpoint();
    await runner.catchUp();
    await Promise.all(followers.map((follower) => follower.idle()));
    await sender.idle();
    if (compareCheckpoints(await store.headCheckpoint(), head) === 0) return;
    if (Date.now() > deadline) throw new Error(`the app's workers were still appending after ${timeoutMs} ms`);
  }
}
