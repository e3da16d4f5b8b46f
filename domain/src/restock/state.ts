/**
 * A sign-up's status: 'waiting' for a send, 'queued' (a send picked it; `requestId` says which),
 * 'notified' (its mail is in the outbox), 'unsubscribed', 'erased' (the owner erased the person).
 * 'none' before the first sign-up. A notified, unsubscribed or erased address may sign up again.
 */
export type RestockSignUpStatus = 'none' | 'waiting' | 'queued' | 'notified' | 'unsubscribed' | 'erased';

export type RestockSignUpState = {
  status: RestockSignUpStatus;
  signUpId: string | null;
  productId: string | null;
  variantId: string | null;
  email: string | null;
  language: string | null;
  requestId: string | null;
};

export const initialRestockSignUpState = (): RestockSignUpState => ({
  status: 'none', signUpId: null, productId: null, variantId: null, email: null, language: null, requestId: null,
});

export type RestockSendState = {
  status: 'none' | 'requested' | 'completed';
  requestId: string | null;
  productId: string | null;
  variantId: string | null;
  limit: number | null;
  automatic: boolean;
  requestedAt: string | null;
};

export const initialRestockSendState = (): RestockSendState => ({
  status: 'none', requestId: null, productId: null, variantId: null, limit: null, automatic: false, requestedAt: null,
});
