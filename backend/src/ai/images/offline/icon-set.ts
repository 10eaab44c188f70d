import { readFileSync } from 'node:fs';

/** The Noto emoji set as @iconify-json/noto ships it (Apache-2.0, see ../NOTICE.md). */
interface IconifyJson {
  prefix: string;
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
}

export interface Icon {
  name: string;
  /** The SVG elements inside <svg viewBox="0 0 width height">. */
  body: string;
  width: number;
  height: number;
}

/** The bundled icon set, read once on first use (about 25 MB of JSON, parsed in under 0.1 s). */
export class IconSet {
  private static shared?: IconSet;

  private constructor(private readonly json: IconifyJson) {}

  static load(): IconSet {
    IconSet.shared ??= new IconSet(
      JSON.parse(readFileSync(require.resolve('@iconify-json/noto/icons.json'), 'utf8')) as IconifyJson,
    );
    return IconSet.shared;
  }

  has(name: string): boolean {
    return this.resolve(name) !== undefined;
  }

  get(name: string): Icon | undefined {
    const resolved = this.resolve(name);
    if (!resolved) return undefined;
    const icon = this.json.icons[resolved];
    return {
      name,
      body: icon.body,
      width: icon.width ?? this.json.width ?? 16,
      height: icon.height ?? this.json.height ?? 16,
    };
  }

  private resolve(name: string): string | undefined {
    if (Object.hasOwn(this.json.icons, name)) return name;
    const parent =
      this.json.aliases && Object.hasOwn(this.json.aliases, name)
        ? this.json.aliases[name].parent
        : undefined;
    return parent && Object.hasOwn(this.json.icons, parent) ? parent : undefined;
  }
}

/**
 * Gives the ids inside an icon's body a prefix of their own: the set reuses ids (gradients, clip
 * paths) across icons, and two icons in one SVG would otherwise paint with each other's gradients.
 */
export function scopeIds(body: string, prefix: string): string {
  return body
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}
