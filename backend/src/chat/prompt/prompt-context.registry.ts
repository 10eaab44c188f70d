import { Injectable, Logger } from '@nestjs/common';
import type { ChatPromptContextSource } from './prompt-context-source';

/** The sources of the user's context block (the farm profile), registered by the features that own them. */
@Injectable()
export class ChatPromptContextRegistry {
  private readonly logger = new Logger(ChatPromptContextRegistry.name);
  private readonly sources = new Map<string, ChatPromptContextSource>();

  register(source: ChatPromptContextSource): void {
    if (this.sources.has(source.name))
      throw new Error(`A prompt context source named '${source.name}' is already registered.`);
    this.sources.set(source.name, source);
  }

  /**
   * Every source's block for the user, in the order registered, one after the other; null when
   * none has anything. A source that fails is left out: the reply is worth more than the context.
   */
  async contextFor(userId: string): Promise<string | null> {
    if (this.sources.size === 0) return null;
    const blocks = await Promise.all(
      [...this.sources.values()].map((source) =>
        source.promptContext(userId).catch((error: unknown) => {
          this.logger.warn(
            `The '${source.name}' prompt context could not be read; the reply goes without it: ${String(error)}`,
          );
          return null;
        }),
      ),
    );
    const found = blocks.filter((block): block is string => Boolean(block?.trim()));
    return found.length ? found.join('\n\n') : null;
  }
}
