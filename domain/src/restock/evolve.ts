import type { RestockSendEvent, RestockSignUpEvent } from './events';
import type { RestockSendState, RestockSignUpState } from './state';

export function evolveRestockSignUp(state: RestockSignUpState, event: RestockSignUpEvent): RestockSignUpState {
  switch (event.type) {
    case 'RestockSignedUp': {
      const { signUpId, productId, variantId, email, language } = event.data;
      return { status: 'waiting', signUpId, productId, variantId, email, language, requestId: null };
    }
    case 'RestockNotificationQueued':
      return { ...state, status: 'queued', requestId: event.data.requestId };
    case 'RestockNotificationSent':
      return { ...state, status: 'notified' };
    case 'RestockUnsubscribed':
      return { ...state, status: 'unsubscribed', requestId: null };
    case 'RestockSignUpErased':
      return { ...state, status: 'erased', email: null, language: null, requestId: null };
    default:
      return state;
  }
}

export function evolveRestockSend(state: RestockSendState, event: RestockSendEvent): RestockSendState {
  switch (event.type) {
    case 'RestockSendRequested': {
      const { requestId, productId, variantId, limit, automatic, at } = event.data;
      return { status: 'requested', requestId, productId, variantId, limit, automatic, requestedAt: at };
    }
    case 'RestockSendCompleted':
      return { ...state, status: 'completed' };
    default:
      return state;
  }
}
