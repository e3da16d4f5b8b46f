import { join, resolve } from 'node:path';
import { bodyTemplateFor } from './page-templates';
import { defaultTemplatesDir } from './templates-dir';

describe('bodyTemplateFor', () => {
  it.each([
    [2, 'page', 'page'],
    [1, 'blog', 'blog-list'],
    [1, 'events', 'events-list'],
    [1, 'gallery', 'gallery'],
    [1, 'products', 'products-list'],
    [50, 'blog', 'blog-item'],
    [50, 'events', 'event-item'],
    [50, 'gallery', 'gallery-item'],
    [50, 'products', 'product-item'],
    [100, undefined, 'not-found'],
    [101, undefined, 'error'],
    [102, undefined, 'search'],
    [103, 'page', 'lock-screen'],
    [105, 'page', 'protected'],
    [106, 'page', 'members-only'],
  ])('page type %i, %s → %s', (pageType, typeName, name) => {
    expect(bodyTemplateFor({ pageType, collection: typeName ? { typeName } : null })).toBe(name);
  });

  it.each([
    [3, 'page'],
    [104, undefined],
    [107, undefined],
    [205, undefined],
    [50, 'page'],
    [1, 'folder'],
  ])('has none for page type %i, %s', (pageType, typeName) => {
    expect(bodyTemplateFor({ pageType, collection: typeName ? { typeName } : null })).toBeNull();
  });
});

describe('defaultTemplatesDir', () => {
  const src = resolve(__dirname, 'templates');

  it('finds the templates beside the source', () => {
    expect(defaultTemplatesDir(undefined, __dirname)).toBe(src);
  });

  it('finds the source templates from the compiled output in apps/api/dist', () => {
    const dist = resolve(__dirname, '..', '..', 'dist', 'theme');
    expect(defaultTemplatesDir(undefined, dist)).toBe(src);
  });

  it('takes THEME_TEMPLATES_DIR (the config\'s themeTemplatesDir) first', () => {
    expect(defaultTemplatesDir(src, '/nowhere')).toBe(src);
  });

  it('says where it looked when there are none', () => {
    expect(() => defaultTemplatesDir(undefined, join('/nowhere', 'theme'))).toThrow(/Theme templates not found/);
  });
});
