import { linkFormatMessage, linkFromInput, linkInputOf, linkKindOf, linkProblem } from './link-editor';

const PAGES = ['/', '/about', '/shop', '/journal'];

describe('the link editor (SPEC 5 editor messages)', () => {
  describe('web addresses', () => {
    it.each(['https://example.com', 'http://shop.example.com/mugs?color=blue#top', 'https://localhost:8080/x'])('accepts %s', (url) => {
      expect(linkProblem('web', url)).toBeNull();
    });

    it('asks for the scheme, naming the host that was typed', () => {
      expect(linkProblem('web', 'example.com')).toBe('Links must be formatted as http://example.com or https://example.com');
      expect(linkProblem('web', ' Shop.Example.com/mugs ')).toBe('Links must be formatted as http://shop.example.com or https://shop.example.com');
    });

    it('shows the example host for anything else: words, other schemes, script URLs, a host without a dot, too long', () => {
      const example = 'Links must be formatted as http://www.example.com or https://www.example.com';
      for (const input of ['', 'hello world', 'ftp://example.com', 'javascript:alert(1)', '/about', `https://example.com/${'a'.repeat(2100)}`]) {
        expect(linkProblem('web', input)).toBe(example);
      }
      expect(linkProblem('web', 'https://intranet')).toBe('Links must be formatted as http://intranet or https://intranet');
      expect(linkFormatMessage()).toBe(example);
    });
  });

  describe('pages of this site', () => {
    it('accepts a page path, with a query, a fragment or a trailing slash, and what lies below a collection', () => {
      for (const path of ['/', '/about', '/about/', '/shop?category=mugs', '/journal/first-firing#comments', '/shop/p/mug']) expect(linkProblem('page', path, PAGES)).toBeNull();
      expect(linkProblem('page', '/aboutus', PAGES)).toBe('/aboutus is not a valid page URL');
    });

    it("says '{val} is not a valid page URL' for a path no page has, or anything that is not a path", () => {
      expect(linkProblem('page', '/abot', PAGES)).toBe('/abot is not a valid page URL');
      expect(linkProblem('page', 'about', PAGES)).toBe('about is not a valid page URL');
      expect(linkProblem('page', '//evil.example', PAGES)).toBe('//evil.example is not a valid page URL');
      expect(linkProblem('page', '/a b', PAGES)).toBe('/a b is not a valid page URL');
      expect(linkProblem('page', `/${'x'.repeat(150)}`, PAGES)).toBe(`/${'x'.repeat(99)}… is not a valid page URL`);
    });

    it('accepts any well-formed path when the pages are not known', () => {
      expect(linkProblem('page', '/anything')).toBeNull();
    });
  });

  describe('email addresses', () => {
    it('accepts an address, with or without mailto:', () => {
      expect(linkProblem('email', 'ana@clayandco.com')).toBeNull();
      expect(linkProblem('email', 'mailto:ana@clay.com')).toBeNull();
    });

    it("says 'Emails must be formatted as …' without an @, and 'Please enter a valid email' for an empty or broken one", () => {
      expect(linkProblem('email', 'ana')).toBe('Emails must be formatted as name@example.com');
      expect(linkProblem('email', '')).toBe('Please enter a valid email');
      expect(linkProblem('email', 'mailto:')).toBe('Please enter a valid email');
      expect(linkProblem('email', 'ana@clay')).toBe('Please enter a valid email');
      expect(linkProblem('email', 'a b@clay.com')).toBe('Please enter a valid email');
    });
  });

  it('stores what was typed (an email as mailto:) and reopens a stored link in its kind', () => {
    expect(linkFromInput('email', ' ana@clay.com ')).toBe('mailto:ana@clay.com');
    expect(linkFromInput('email', 'mailto:ana@clay.com')).toBe('mailto:ana@clay.com');
    expect(linkFromInput('web', ' https://example.com ')).toBe('https://example.com');
    expect(linkFromInput('page', '/about')).toBe('/about');
    expect([linkKindOf('mailto:a@b.com'), linkKindOf('/about'), linkKindOf('https://x.com'), linkKindOf('//x.com')]).toEqual(['email', 'page', 'web', 'web']);
    expect(linkInputOf('MAILTO:a@b.com')).toBe('a@b.com');
  });
});
