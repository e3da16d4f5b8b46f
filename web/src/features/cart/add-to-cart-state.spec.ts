import {
  addToCartTimer,
  evolveAddToCart,
  initialAddToCartState,
  type AddToCartEvent,
  type AddToCartState,
  type AddToCartStatus,
} from './add-to-cart-state';

const at = (status: AddToCartStatus, error: string | null = null): AddToCartState => ({ status, error });

describe('evolveAddToCart', () => {
  it.each<[string, AddToCartState, AddToCartEvent, AddToCartState]>([
    ['a click starts adding', initialAddToCartState, { type: 'addRequested' }, at('adding')],
    ['a click clears the last error', at('idle', 'Out of stock'), { type: 'addRequested' }, at('adding')],
    ['a click while adding is ignored', at('adding'), { type: 'addRequested' }, at('adding')],
    ['a click while added is ignored', at('added'), { type: 'addRequested' }, at('added')],
    ['success waits before showing added', at('adding'), { type: 'addSucceeded' }, at('succeeded')],
    ['the wait ends in added', at('succeeded'), { type: 'timerElapsed' }, at('added')],
    ['added returns to idle', at('added'), { type: 'timerElapsed' }, at('idle')],
    ['failure keeps the message', at('adding'), { type: 'addFailed', message: 'Nope' }, at('failed', 'Nope')],
    ['failure returns to idle, message still shown', at('failed', 'Nope'), { type: 'timerElapsed' }, at('idle', 'Nope')],
    ['a stray timer while adding is ignored', at('adding'), { type: 'timerElapsed' }, at('adding')],
    ['a late result when idle is ignored', at('idle'), { type: 'addSucceeded' }, at('idle')],
    ['express checkout: success starts checkout', at('adding'), { type: 'checkoutStarted' }, at('checkingOut')],
    ['checking out ignores clicks', at('checkingOut'), { type: 'addRequested' }, at('checkingOut')],
    ['checking out has no timer to end it', at('checkingOut'), { type: 'timerElapsed' }, at('checkingOut')],
    ['a grid product without its option asks for one', at('idle'), { type: 'optionsMissing' }, at('selectOption')],
    ['asking clears the last error', at('idle', 'Nope'), { type: 'optionsMissing' }, at('selectOption')],
    ['a click while asking is ignored', at('selectOption'), { type: 'addRequested' }, at('selectOption')],
    ['asking ends in idle', at('selectOption'), { type: 'timerElapsed' }, at('idle')],
    ['asking again while adding is ignored', at('adding'), { type: 'optionsMissing' }, at('adding')],
  ])('%s', (_name, given, event, then) => {
    expect(evolveAddToCart(given, event)).toEqual(then);
  });
});

describe('addToCartTimer', () => {
  it.each<[AddToCartStatus, number | undefined]>([
    ['idle', undefined],
    ['adding', undefined],
    ['succeeded', 1000],
    ['added', 2000],
    ['failed', 1000],
    ['selectOption', 2000],
    ['checkingOut', undefined],
  ])('%s lasts %p ms', (status, ms) => {
    expect(addToCartTimer(status)).toBe(ms);
  });
});
