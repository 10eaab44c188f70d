import { Global, Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config';
import { CHAT_MODEL, type ChatModel } from './chat-model.port';
import { KnowledgeSearchService } from './knowledge/knowledge-search.service';
import { OfflineAdvisorModel } from './offline/offline-advisor.model';
import { OpenAiChatModel } from './openai/openai-chat.model';

/** The chat engine configuration asks for: an OpenAI-compatible server, or the offline advisor. */
export function createChatModel(config: AppConfig, knowledge: KnowledgeSearchService): ChatModel {
  const logger = new Logger('AiModule');
  if (config.ai.chatEngine === 'openai-compatible') {
    const model = new OpenAiChatModel(config.ai);
    logger.log(
      `Chat engine: OpenAI-compatible server ${model.baseUrl}, model ${model.model}` +
        (config.ai.openaiApiKey ? ' (API key set)' : ' (no API key)'),
    );
    return model;
  }
  logger.log('Chat engine: offline advisor (no AI model configured: set OPENAI_BASE_URL or OPENAI_API_KEY)');
  return new OfflineAdvisorModel(knowledge, { appName: config.appName });
}

/**
 * The AI provider layer (docs/architecture.md#backend-modules): one port per capability, its adapter chosen by configuration
 * at start. Chat now; images, speech and transcription get their tokens here the same way.
 * Global, so feature modules inject CHAT_MODEL and register their knowledge sources without
 * importing it.
 */
@Global()
@Module({
  providers: [
    KnowledgeSearchService,
    { provide: CHAT_MODEL, inject: [APP_CONFIG, KnowledgeSearchService], useFactory: createChatModel },
  ],
  exports: [KnowledgeSearchService, CHAT_MODEL],
})
export class AiModule {}
