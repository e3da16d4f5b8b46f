/** @jest-environment ./web/test/dom-environment.cjs */
import { enhanceSlideshow, type Slideshow } from './slideshow';

/** The theme's markup of a slideshow (gallery-view.jsont): four slides, a bar of buttons, a thumbnail strip. */
function slideshowMarkup({ design = 'slideshow', autoplay = true, seconds = '4', controls = true, thumbnails = true, count = 4 } = {}): HTMLElement {
  const n = Array.from({ length: count }, (_v, i) => i + 1);
  const host = document.createElement('div');
  host.innerHTML = `<p><a href="/before" id="before">Before</a></p>
    <section class="gallery gallery--${design} gallery--align-center" id="g" aria-label="Studio" data-island="gallery" data-design="${design}"
      data-autoplay="${autoplay}" data-autoplay-duration="${seconds}" data-controls="${controls}" data-lightbox="false" aria-roledescription="carousel">
    <ul class="gallery__items" tabindex="0">${n.map((i) => `<li class="gallery__item" id="g-${i}"><figure class="gallery__figure"><a class="gallery__link" href="/p/${i}"><img src="/${i}.jpg" alt="Image ${i}"></a></figure></li>`).join('')}</ul>
    ${controls || autoplay ? `<div class="gallery__controls" hidden>
      ${controls ? '<button class="gallery__control" type="button" data-gallery-prev>Previous<span class="visually-hidden"> image</span></button><button class="gallery__control" type="button" data-gallery-next>Next<span class="visually-hidden"> image</span></button>' : ''}
      ${autoplay ? '<button class="gallery__control gallery__control--play" type="button" data-gallery-play aria-pressed="false">Pause<span class="visually-hidden"> slideshow</span></button>' : ''}
    </div>` : ''}
    ${thumbnails ? `<ol class="gallery__thumbs">${n.map((i) => `<li><a class="gallery__thumb" href="#g-${i}"><img src="/${i}.jpg?format=300w" alt=""><span class="visually-hidden">Show image ${i}</span></a></li>`).join('')}</ol>` : ''}
    </section>`;
  document.body.replaceChildren(host);
  return host.querySelector<HTMLElement>('#g')!;
}

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const current = () => [...document.querySelectorAll('.gallery__thumb')].findIndex((t) => t.getAttribute('aria-current') === 'true');
const playButton = () => $<HTMLButtonElement>('[data-gallery-play]');

function touch(target: Element, type: 'touchstart' | 'touchend', x: number, y: number) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  const point = [{ clientX: x, clientY: y }];
  Object.defineProperty(event, type === 'touchstart' ? 'touches' : 'changedTouches', { value: point });
  if (type === 'touchend') Object.defineProperty(event, 'touches', { value: [] });
  target.dispatchEvent(event);
}

describe('the gallery slideshow', () => {
  let show: Slideshow | null = null;
  let scrolls: ScrollToOptions[];

  beforeEach(() => {
    jest.useFakeTimers();
    scrolls = [];
    (HTMLElement.prototype as unknown as { scrollTo: (o: ScrollToOptions) => void }).scrollTo = function scrollTo(this: HTMLElement, o: ScrollToOptions) {
      if (this.classList.contains('gallery__items')) scrolls.push(o);
    };
  });
  afterEach(() => {
    show?.destroy();
    show = null;
    jest.useRealTimers();
  });

  it('autoplays every autoplay-duration seconds, around the end and back, with the slide shown marked on its thumbnail', () => {
    const gallery = slideshowMarkup({ seconds: '4' });
    show = enhanceSlideshow(gallery, { reducedMotion: false });
    expect(show!.playing).toBe(true);
    expect(current()).toBe(0);
    expect($('.gallery__items').getAttribute('aria-live')).toBe('off');
    jest.advanceTimersByTime(3999);
    expect(show!.index).toBe(0);
    jest.advanceTimersByTime(1);
    expect(show!.index).toBe(1);
    expect(current()).toBe(1);
    expect(scrolls.at(-1)).toMatchObject({ behavior: 'smooth' });
    jest.advanceTimersByTime(4000 * 3);
    expect(show!.index).toBe(0);
    expect(gallery.dataset.current).toBe('0');
  });

  it('pauses while the pointer is over the gallery and starts a full interval when it leaves', () => {
    const gallery = slideshowMarkup();
    show = enhanceSlideshow(gallery, { reducedMotion: false });
    jest.advanceTimersByTime(3000);
    gallery.dispatchEvent(new MouseEvent('mouseenter'));
    expect(show!.playing).toBe(false);
    expect($('.gallery__items').getAttribute('aria-live')).toBe('polite');
    jest.advanceTimersByTime(20_000);
    expect(show!.index).toBe(0);
    gallery.dispatchEvent(new MouseEvent('mouseleave'));
    jest.advanceTimersByTime(3999);
    expect(show!.index).toBe(0);
    jest.advanceTimersByTime(1);
    expect(show!.index).toBe(1);
  });

  it('pauses while focus is in the gallery, not while it moves within it', () => {
    slideshowMarkup();
    show = enhanceSlideshow($('#g'), { reducedMotion: false });
    $('.gallery__items').focus();
    expect(show!.playing).toBe(false);
    $<HTMLButtonElement>('[data-gallery-next]').focus();
    expect(show!.playing).toBe(false);
    jest.advanceTimersByTime(20_000);
    expect(show!.index).toBe(0);
    $('#before').focus();
    expect(show!.playing).toBe(true);
  });

  it('has a Pause button that stops autoplay for good, and Play that starts it again', () => {
    slideshowMarkup();
    show = enhanceSlideshow($('#g'), { reducedMotion: false });
    expect($('.gallery__controls').hidden).toBe(false);
    expect(playButton().textContent).toBe('Pause slideshow');
    expect(playButton().getAttribute('aria-pressed')).toBe('false');
    playButton().click();
    expect(playButton().textContent).toBe('Play slideshow');
    expect(playButton().getAttribute('aria-pressed')).toBe('true');
    // Focus and pointer leave: still paused, by the visitor.
    $('#before').focus();
    $('#g').dispatchEvent(new MouseEvent('mouseleave'));
    jest.advanceTimersByTime(20_000);
    expect(show!.index).toBe(0);
    playButton().click();
    $('#before').focus();
    expect(playButton().textContent).toBe('Pause slideshow');
    jest.advanceTimersByTime(4000);
    expect(show!.index).toBe(1);
  });

  it('for prefers-reduced-motion starts paused (Play offered) and moves without smooth scrolling', () => {
    slideshowMarkup();
    show = enhanceSlideshow($('#g'), { reducedMotion: true });
    expect(show!.playing).toBe(false);
    expect(playButton().textContent).toBe('Play slideshow');
    jest.advanceTimersByTime(60_000);
    expect(show!.index).toBe(0);
    $<HTMLButtonElement>('[data-gallery-next]').click();
    expect(scrolls.at(-1)).toMatchObject({ behavior: 'auto' });
    playButton().click();
    $('#before').focus();
    jest.advanceTimersByTime(4000);
    expect(show!.index).toBe(2);
  });

  it('pauses while the tab is hidden', () => {
    slideshowMarkup();
    show = enhanceSlideshow($('#g'), { reducedMotion: false });
    const hidden = jest.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    jest.advanceTimersByTime(20_000);
    expect(show!.index).toBe(0);
    hidden.mockReturnValue(false);
    document.dispatchEvent(new Event('visibilitychange'));
    jest.advanceTimersByTime(4000);
    expect(show!.index).toBe(1);
    hidden.mockRestore();
  });

  it('previous and next go around both ends, and a move by hand gives the next slide a full interval', () => {
    slideshowMarkup();
    show = enhanceSlideshow($('#g'), { reducedMotion: false });
    $<HTMLButtonElement>('[data-gallery-prev]').click();
    expect(show!.index).toBe(3);
    $<HTMLButtonElement>('[data-gallery-next]').click();
    expect(show!.index).toBe(0);
    $('#before').focus();
    jest.advanceTimersByTime(3000);
    $<HTMLButtonElement>('[data-gallery-next]').click();
    $('#before').focus();
    jest.advanceTimersByTime(3999);
    expect(show!.index).toBe(1);
    jest.advanceTimersByTime(1);
    expect(show!.index).toBe(2);
  });

  it('arrow keys, Home and End move the slides from the list, the buttons or the thumbnails; not with a modifier', () => {
    slideshowMarkup({ autoplay: false });
    show = enhanceSlideshow($('#g'), { reducedMotion: false });
    const key = (target: Element, k: string, init: KeyboardEventInit = {}) => {
      const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(key($('.gallery__items'), 'ArrowRight')).toBe(true);
    expect(show!.index).toBe(1);
    key($('[data-gallery-next]'), 'End');
    expect(show!.index).toBe(3);
    key($('.gallery__thumb'), 'ArrowRight');
    expect(show!.index).toBe(0);
    key($('.gallery__items'), 'ArrowLeft');
    expect(show!.index).toBe(3);
    key($('.gallery__items'), 'Home');
    expect(show!.index).toBe(0);
    expect(key($('.gallery__items'), 'ArrowRight', { altKey: true })).toBe(false);
    expect(key($('.gallery__items'), 'a')).toBe(false);
    expect(show!.index).toBe(0);
  });

  it('a thumbnail shows its slide instead of jumping the page to it', () => {
    slideshowMarkup({ autoplay: false });
    show = enhanceSlideshow($('#g'), { reducedMotion: false });
    const third = document.querySelectorAll<HTMLAnchorElement>('.gallery__thumb')[2]!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    third.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(show!.index).toBe(2);
    expect(third.getAttribute('aria-current')).toBe('true');
    expect(document.querySelectorAll('[aria-current="true"]')).toHaveLength(1);
    // A click to open it elsewhere is the browser's.
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    document.querySelectorAll('.gallery__thumb')[0]!.dispatchEvent(newTab);
    expect(newTab.defaultPrevented).toBe(false);
    expect(show!.index).toBe(2);
  });

  it('a swipe sideways is one slide; a short or mostly vertical one is nothing', () => {
    slideshowMarkup({ autoplay: false });
    show = enhanceSlideshow($('#g'), { reducedMotion: false });
    const list = $('.gallery__items');
    touch(list, 'touchstart', 300, 200);
    touch(list, 'touchend', 150, 210);
    expect(show!.index).toBe(1);
    touch(list, 'touchstart', 100, 200);
    touch(list, 'touchend', 260, 190);
    expect(show!.index).toBe(0);
    touch(list, 'touchstart', 300, 200);
    touch(list, 'touchend', 280, 200);
    touch(list, 'touchstart', 300, 200);
    touch(list, 'touchend', 240, 400);
    expect(show!.index).toBe(0);
  });

  it('without controls or autoplay shows no buttons; a gallery of one image is left as it is', () => {
    slideshowMarkup({ autoplay: false, controls: false });
    show = enhanceSlideshow($('#g'), { reducedMotion: false });
    expect(document.querySelector('.gallery__controls')).toBeNull();
    expect(show!.playing).toBe(false);
    show!.destroy();
    slideshowMarkup({ count: 1 });
    show = enhanceSlideshow($('#g'), { reducedMotion: false });
    expect(show).toBeNull();
    expect($('#g').classList.contains('gallery--enhanced')).toBe(false);
  });

  it('keeps autoplay-duration within 1 to 10 seconds', () => {
    slideshowMarkup({ seconds: '60' });
    show = enhanceSlideshow($('#g'), { reducedMotion: false });
    jest.advanceTimersByTime(10_000);
    expect(show!.index).toBe(1);
    show!.destroy();
    slideshowMarkup({ seconds: '0.2' });
    show = enhanceSlideshow($('#g'), { reducedMotion: false });
    jest.advanceTimersByTime(1000);
    expect(show!.index).toBe(1);
  });

  describe('a move stopped before it arrived (focus coming in can stop a smooth scroll without any scrollend)', () => {
    /** Lays the list out: slides 300 px wide side by side in a 300 px view, scrolled by `scrollLeft`. */
    function layOut(gallery: HTMLElement) {
      const list = gallery.querySelector<HTMLElement>('.gallery__items')!;
      let left = 0;
      Object.defineProperty(list, 'scrollLeft', { configurable: true, get: () => left, set: (v: number) => { left = v; } });
      Object.defineProperty(list, 'clientWidth', { configurable: true, value: 300 });
      Object.defineProperty(list, 'scrollWidth', { configurable: true, value: 1200 });
      list.getBoundingClientRect = () => ({ left: 0 }) as DOMRect;
      list.querySelectorAll<HTMLElement>('.gallery__item').forEach((slide, i) => {
        Object.defineProperty(slide, 'offsetWidth', { configurable: true, value: 300 });
        slide.getBoundingClientRect = () => ({ left: i * 300 - left }) as DOMRect;
      });
      return list;
    }

    it('puts the slide where it was going soon after focus comes in', () => {
      const gallery = slideshowMarkup();
      const list = layOut(gallery);
      show = enhanceSlideshow(gallery, { reducedMotion: false });
      $('[data-gallery-next]').click();
      expect(scrolls.at(-1)).toEqual({ left: 300, behavior: 'smooth' });
      list.focus();
      jest.advanceTimersByTime(249);
      expect(scrolls).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(scrolls.at(-1)).toEqual({ left: 300, behavior: 'auto' });
      expect(show!.index).toBe(1);
    });

    it('does the same after a while without focus, and nothing when the move arrived or the visitor took over', () => {
      const gallery = slideshowMarkup({ autoplay: false });
      const list = layOut(gallery);
      show = enhanceSlideshow(gallery, { reducedMotion: false });
      $('[data-gallery-next]').click();
      jest.advanceTimersByTime(1499);
      expect(scrolls).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(scrolls.at(-1)).toEqual({ left: 300, behavior: 'auto' });

      $('[data-gallery-next]').click();
      list.scrollLeft = 600;
      list.dispatchEvent(new Event('scrollend'));
      jest.advanceTimersByTime(5000);
      expect(scrolls.at(-1)).toEqual({ left: 600, behavior: 'smooth' });

      $('[data-gallery-next]').click();
      list.dispatchEvent(new Event('wheel'));
      jest.advanceTimersByTime(5000);
      expect(scrolls.at(-1)).toEqual({ left: 900, behavior: 'smooth' });
    });
  });
});
