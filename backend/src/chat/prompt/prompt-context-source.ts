/**
 * Something a feature knows about the user that helps the model answer (the farm profile). The
 * feature registers it with ChatPromptContextRegistry from its onModuleInit, so the chat module
 * imports no feature and knows nothing of what the block says.
 */
export interface ChatPromptContextSource {
  /** Names the source in the registry and in logs ('farm'). */
  readonly name: string;
  /**
   * The user's block for the system prompt: a heading line that says what the lines are and how
   * to use them, then one short line per fact; null when there is nothing to say. It runs on
   * every send before the reply starts: one indexed read at most.
   */
  promptContext(userId: string): Promise<string | null>;
}
