/**
 * Back-in-stock events. Each sign-up (one address for one variant) is its own stream
 * (`restock-sign-up-{id}`, the id derived from the variant and the address, so signing up twice
 * finds the first); an owner's send is its own stream too (`restock-send-{requestId}`), recorded
 * before any mail is queued, so a crash halfway through a send-all leaves the request there to be
 * finished. Type names are a stored contract: never rename them.
 */
export type RestockSignedUp = {
  type: 'RestockSignedUp';
  data: { signUpId: string; productId: string; variantId: string; email: string; language: string | null; joinedMailingList: boolean; at: string };
};

/** One notification queued for sending (by an owner's send or an automatic one): the mail worker delivers it. */
export type RestockNotificationQueued = {
  type: 'RestockNotificationQueued';
  data: { signUpId: string; requestId: string; productId: string; variantId: string; email: string; language: string | null; at: string };
};

/** The notification's mail is in the mail outbox (which sends it through SMTP and retries). */
export type RestockNotificationSent = { type: 'RestockNotificationSent'; data: { signUpId: string; requestId: string; at: string } };

/** The visitor followed the mail's unsubscribe link, or the page's. */
export type RestockUnsubscribed = { type: 'RestockUnsubscribed'; data: { signUpId: string; at: string } };

/** An owner erased the person's sign-up: read models and exports forget the address. */
export type RestockSignUpErased = { type: 'RestockSignUpErased'; data: { signUpId: string; at: string } };

export type RestockSignUpEvent = RestockSignedUp | RestockNotificationQueued | RestockNotificationSent | RestockUnsubscribed | RestockSignUpErased;

/**
 * An owner's send for one variant (send, send all) or an automatic one when stock came back
 * (`limit`: at most that many, the units back). It covers the sign-ups waiting when it was made
 * (`upTo`: the last sign-up's log position the owner's list showed; later ones wait for the next).
 */
export type RestockSendRequested = {
  type: 'RestockSendRequested';
  data: { requestId: string; productId: string; variantId: string; limit: number | null; automatic: boolean; at: string };
};

/** Every sign-up the request covers has its notification queued (`queued` of them). */
export type RestockSendCompleted = { type: 'RestockSendCompleted'; data: { requestId: string; queued: number; at: string } };

export type RestockSendEvent = RestockSendRequested | RestockSendCompleted;
export type RestockEvent = RestockSignUpEvent | RestockSendEvent;

export const RESTOCK_SIGN_UP_STREAM_TYPE = 'restock-sign-up';
export const RESTOCK_SEND_STREAM_TYPE = 'restock-send';
export const restockSignUpStreamId = (signUpId: string) => `restock-sign-up-${signUpId}`;
export const restockSendStreamId = (requestId: string) => `restock-send-${requestId}`;

export const RESTOCK_EVENT_TYPES: RestockEvent['type'][] = [
  'RestockSignedUp', 'RestockNotificationQueued', 'RestockNotificationSent', 'RestockUnsubscribed', 'RestockSignUpErased',
  'RestockSendRequested', 'RestockSendCompleted',
];
