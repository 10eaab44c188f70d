import { Global, Logger, Module } from '@nestjs/common';
import { PLAN_IDS } from '@kasa/contracts';
import { APP_CONFIG, type AppConfig, type ChatModelConfig } from '../config';
import { CHAT_MODEL, type ChatModel } from './chat-model.port';
import { IMAGE_MODEL, type ImageModel } from './images/image-model.port';
import { OfflineIllustrationModel } from './images/offline/offline-illustration.model';
import { OpenAiImageModel } from './images/openai/openai-image.model';
import { KnowledgeSearchService } from './knowledge/knowledge-search.service';
import { LocalChatModel } from './local/local-chat.model';
import { OfflineAdvisorModel } from './offline/offline-advisor.model';
import { OpenAiChatModel } from './openai/openai-chat.model';
import { createTextToSpeech } from './speech/create-text-to-speech';
import { TEXT_TO_SPEECH } from './speech/speech.port';
import { createSpeechToText } from './transcription/create-speech-to-text';
import { SPEECH_TO_TEXT } from './transcription/transcription.port';

/** The chat models for the start-up log: `model x`, or each with its plans when there are several. */
export function describeChatModels(models: ChatModelConfig[]): string {
  if (models.length === 1) return `model ${models[0].id}`;
  const plansOf = (model: ChatModelConfig) =>
    model.plans.length === PLAN_IDS.length ? 'every plan' : model.plans.join(', ');
  return `models ${models.map((model) => `${model.id} "${model.name}" (${plansOf(model)})`).join(', ')}; the first is the default`;
}

/**
 * The chat engine configuration asks for: a model file run on this machine (loaded before the
 * server starts: a bad file stops it with the reason), an OpenAI-compatible server, or the offline
 * advisor.
 */
export async function createChatModel(
  config: AppConfig,
  knowledge: KnowledgeSearchService,
): Promise<ChatModel> {
  const logger = new Logger('AiModule');
  for (const note of config.ai.localModelNotes ?? []) logger.warn(note);
  const local = config.ai.localModel;
  if (config.ai.chatEngine === 'local' && local) {
    logger.log(
      `Chat engine: local model ${local.path} (${local.chosenBy === 'LOCAL_MODEL_PATH' ? 'LOCAL_MODEL_PATH' : 'the one model in DATA_DIR/models'})`,
    );
    const model = new LocalChatModel(local);
    await model.start();
    return model;
  }
  if (config.ai.chatEngine === 'openai-compatible') {
    const model = new OpenAiChatModel(config.ai);
    logger.log(
      `Chat engine: OpenAI-compatible server ${model.baseUrl}, ${describeChatModels(config.chatModels)}` +
        (config.ai.openaiApiKey ? ' (API key set)' : ' (no API key)'),
    );
    return model;
  }
  logger.log('Chat engine: offline advisor (no AI model configured: set OPENAI_BASE_URL or OPENAI_API_KEY)');
  return new OfflineAdvisorModel(knowledge, { appName: config.appName });
}

/** The image engine configuration asks for (IMAGE_ENGINE; unset: like chat). */
export function createImageModel(config: AppConfig): ImageModel {
  const logger = new Logger('AiModule');
  if (config.images.engine === 'openai-compatible') {
    const model = new OpenAiImageModel(config.ai, config.images.model);
    logger.log(`Image engine: OpenAI-compatible server ${model.baseUrl}, model ${model.model}`);
    return model;
  }
  logger.log(
    'Image engine: offline illustrations (no image model configured: set OPENAI_API_KEY or IMAGE_ENGINE)',
  );
  return new OfflineIllustrationModel();
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
    { provide: IMAGE_MODEL, inject: [APP_CONFIG], useFactory: createImageModel },
    { provide: TEXT_TO_SPEECH, inject: [APP_CONFIG], useFactory: createTextToSpeech },
    { provide: SPEECH_TO_TEXT, inject: [APP_CONFIG], useFactory: createSpeechToText },
  ],
  exports: [KnowledgeSearchService, CHAT_MODEL, IMAGE_MODEL, TEXT_TO_SPEECH, SPEECH_TO_TEXT],
})
export class AiModule {}
