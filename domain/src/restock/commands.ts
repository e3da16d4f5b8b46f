import type { RestockSignUpRequest } from './sign-up-request';

export type SignUpForRestock = { type: 'SignUpForRestock'; data: { signUpId: string; request: RestockSignUpRequest; now: string } };
export type QueueRestockNotification = { type: 'QueueRestockNotification'; data: { requestId: string; now: string } };
export type RecordRestockNotificationSent = { type: 'RecordRestockNotificationSent'; data: { requestId: string; now: string } };
export type UnsubscribeFromRestock = { type: 'UnsubscribeFromRestock'; data: { now: string } };
export type EraseRestockSignUp = { type: 'EraseRestockSignUp'; data: { now: string } };
export type RestockSignUpCommand = SignUpForRestock | QueueRestockNotification | RecordRestockNotificationSent | UnsubscribeFromRestock | EraseRestockSignUp;

export type RequestRestockSend = {
  type: 'RequestRestockSend';
  data: { requestId: string; productId: string; variantId: string; limit: number | null; automatic: boolean; now: string };
};
export type CompleteRestockSend = { type: 'CompleteRestockSend'; data: { queued: number; now: string } };
export type RestockSendCommand = RequestRestockSend | CompleteRestockSend;
