import { Injectable } from '@nestjs/common';

/**
 * What a client-side route's page says about itself before any JavaScript runs: link previews
 * (WhatsApp, Telegram, SMS apps) and search engines read the HTML as served and run no script,
 * so a page that wants a preview, or no indexing, says it in the shell's index.html.
 */
export interface ShellPageMeta {
  /** The page's HTTP status (e.g. 404 for a link that no longer exists; the shell still renders). Default 200. */
  status?: number;
  /** Keep the page out of search engines: `<meta name="robots" content="noindex">` and `X-Robots-Tag: noindex`. */
  noindex?: boolean;
  /** Open Graph tags (og:title, og:description, og:type website, og:site_name = the app's name). */
  openGraph?: { title: string; description?: string };
}

/** A feature that knows some of the shell's pages (the shared-conversation page /s/{id}). */
export interface ShellPageMetaSource {
  /** The page's meta, or null when `path` (the request's path, still percent-encoded) is not one of its pages. */
  metaFor(path: string): Promise<ShellPageMeta | null>;
}

/**
 * The meta sources, registered at start by the features that own the pages: web/ serves the
 * shell and never imports a feature (docs/architecture.md#layers).
 */
@Injectable()
export class ShellPageMetaRegistry {
  private readonly sources: ShellPageMetaSource[] = [];

  register(source: ShellPageMetaSource): void {
    this.sources.push(source);
  }

  /** The first registered source's meta for `path`, or null (the page is served as built). */
  async metaFor(path: string): Promise<ShellPageMeta | null> {
    for (const source of this.sources) {
      const meta = await source.metaFor(path);
      if (meta) return meta;
    }
    return null;
  }
}
