/**
 * CLDR instances per locale for the template engine's i18n formatters, loaded synchronously from
 * the resource packs shipped with @phensley/cldr and kept for the life of the process.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CLDRFramework, type CLDR } from '@phensley/cldr';

export const DEFAULT_LOCALE = 'en-US';

/** Gives the CLDR instance for a locale tag, or undefined when no pack exists for its language. */
export interface CldrProvider {
  get(locale: string): CLDR | undefined;
}

function packsDirectory(): string {
  // The package has no exports map, so its package.json resolves and the packs sit beside it.
  return join(dirname(require.resolve('@phensley/cldr/package.json')), 'packs');
}

/** Loads each language pack at most once; one CLDR instance per distinct locale tag. */
export class PackedCldrProvider implements CldrProvider {
  private readonly framework: CLDRFramework;
  private readonly byTag = new Map<string, CLDR | undefined>();
  private readonly packs: string;

  constructor(packs = packsDirectory()) {
    this.packs = packs;
    this.framework = new CLDRFramework({
      loader: (language: string) => readFileSync(join(this.packs, `${language}.json`), 'utf8'),
      packCacheSize: 64,
    });
  }

  get(locale: string): CLDR | undefined {
    if (this.byTag.has(locale)) return this.byTag.get(locale);
    let cldr: CLDR | undefined;
    try {
      // Resolution fills in whatever is missing ('' or garbage would become English): demand a language.
      if (!/^[A-Za-z]{2,3}(?:[-_]|$)/.test(locale)) throw new Error(`Not a locale tag: ${locale}`);
      const resolved = CLDRFramework.resolveLocale(locale.replace(/_/g, '-'));
      const language = resolved.tag.language();
      if (/^[a-z]{2,3}$/.test(language) && existsSync(join(this.packs, `${language}.json`))) {
        cldr = this.framework.get(resolved);
      }
    } catch {
      cldr = undefined;
    }
    this.byTag.set(locale, cldr);
    return cldr;
  }
}

let shared: PackedCldrProvider | undefined;

/** The process-wide provider (packs are large; share them). */
export function sharedCldrProvider(): CldrProvider {
  shared ??= new PackedCldrProvider();
  return shared;
}
