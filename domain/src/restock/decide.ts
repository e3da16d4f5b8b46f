import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import type { RestockSendCommand, RestockSignUpCommand } from './commands';
import type { RestockSendEvent, RestockSignUpEvent } from './events';
import { evolveRestockSend, evolveRestockSignUp } from './evolve';
import { initialRestockSendState, initialRestockSignUpState, type RestockSendState, type RestockSignUpState } from './state';

/** The most notifications one automatic send may queue (the units back), and an owner's limit. */
export const RESTOCK_SEND_LIMIT_MAX = 1_000_000;

export function decideRestockSignUp(command: RestockSignUpCommand, state: RestockSignUpState): Decision<RestockSignUpEvent, DomainError> {
  switch (command.type) {
    case 'SignUpForRestock': {
      const { signUpId, request, now } = command.data;
      // Twice for the same variant is accepted and kept once (waiting or already picked by a send).
      if (state.status === 'waiting' || state.status === 'queued') return accept();
      return accept({
        type: 'RestockSignedUp',
        data: {
          signUpId, productId: request.productId, variantId: request.variantId, email: request.email,
          language: request.language, joinedMailingList: request.isJoinMailingList, at: now,
        },
      });
    }
    case 'QueueRestockNotification': {
      if (state.status !== 'waiting') return accept();
      const { requestId, now } = command.data;
      return accept({
        type: 'RestockNotificationQueued',
        data: { signUpId: state.signUpId!, requestId, productId: state.productId!, variantId: state.variantId!, email: state.email!, language: state.language, at: now },
      });
    }
    case 'RecordRestockNotificationSent': {
      const { requestId, now } = command.data;
      if (state.status !== 'queued' || state.requestId !== requestId) return accept();
      return accept({ type: 'RestockNotificationSent', data: { signUpId: state.signUpId!, requestId, at: now } });
    }
    case 'UnsubscribeFromRestock':
      if (state.status !== 'waiting' && state.status !== 'queued') return accept();
      return accept({ type: 'RestockUnsubscribed', data: { signUpId: state.signUpId!, at: command.data.now } });
    case 'EraseRestockSignUp':
      if (state.status === 'none') return reject(domainError('RESTOCK_SIGN_UP_NOT_FOUND'));
      if (state.status === 'erased') return accept();
      return accept({ type: 'RestockSignUpErased', data: { signUpId: state.signUpId!, at: command.data.now } });
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled restock sign-up command ${JSON.stringify(unhandled)}`);
    }
  }
}

export function decideRestockSend(command: RestockSendCommand, state: RestockSendState): Decision<RestockSendEvent, DomainError> {
  switch (command.type) {
    case 'RequestRestockSend': {
      const { requestId, productId, variantId, limit, automatic, now } = command.data;
      // The same request again (a retried HTTP call with its key) is the request already made.
      if (state.status !== 'none') return accept();
      if (limit !== null && (!Number.isSafeInteger(limit) || limit < 1 || limit > RESTOCK_SEND_LIMIT_MAX)) {
        return reject(domainError('INVALID_REQUEST', { field: 'limit' }));
      }
      return accept({ type: 'RestockSendRequested', data: { requestId, productId, variantId, limit, automatic, at: now } });
    }
    case 'CompleteRestockSend':
      if (state.status !== 'requested') return accept();
      return accept({ type: 'RestockSendCompleted', data: { requestId: state.requestId!, queued: command.data.queued, at: command.data.now } });
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled restock send command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const restockSignUpDecider: Decider<RestockSignUpCommand, RestockSignUpState, RestockSignUpEvent, DomainError> = {
  initialState: initialRestockSignUpState,
  evolve: evolveRestockSignUp,
  decide: decideRestockSignUp,
};

export const restockSendDecider: Decider<RestockSendCommand, RestockSendState, RestockSendEvent, DomainError> = {
  initialState: initialRestockSendState,
  evolve: evolveRestockSend,
  decide: decideRestockSend,
};
