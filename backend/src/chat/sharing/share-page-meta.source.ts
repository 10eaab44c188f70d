import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ShellPageMeta, type ShellPageMetaSource, ShellPageMetaRegistry } from '../../web';
import { markdownToPlainText, shortened } from './plain-text-preview';
import type { LiveShare } from './share.rows';
import { SharesService } from './shares.service';

/** The shared page's path (sharedPagePath), with the id as it came (still percent-encoded). */
const SHARED_PAGE = /^\/s\/([^/]*)\/?$/;

/** What a link preview shows under the title: about one short paragraph. */
export const PREVIEW_DESCRIPTION_LENGTH = 150;

/** The first reply's words, plain, or undefined when the link shows no reply with text. */
export function previewDescription(share: LiveShare): string | undefined {
  const reply = share.snapshot.find((message) => message.role === 'assistant' && message.content.trim());
  const text = reply ? markdownToPlainText(reply.content) : '';
  return text ? shortened(text, PREVIEW_DESCRIPTION_LENGTH) : undefined;
}

/**
 * The meta of /s/{id} (the shell renders the page): WhatsApp's and other apps' link previews run no
 * JavaScript, so the title and first reply go in the served HTML as Open Graph tags. Never indexed
 * (a shared conversation is for whoever got the link); an unknown or revoked link is a 404 page
 * without a conversation's tags.
 */
@Injectable()
export class SharePageMetaSource implements ShellPageMetaSource, OnModuleInit {
  constructor(
    private readonly registry: ShellPageMetaRegistry,
    private readonly shares: SharesService,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async metaFor(path: string): Promise<ShellPageMeta | null> {
    const match = SHARED_PAGE.exec(path);
    if (!match) return null;
    const share = await this.shares.findLive(match[1]);
    if (!share) return { status: 404, noindex: true };
    return { noindex: true, openGraph: { title: share.title, description: previewDescription(share) } };
  }
}
