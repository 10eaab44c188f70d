export * from './chat-models.errors';
export * from './chat-models.module';
export * from './chat-models.service';
export { ApiChatModelNotAllowed, CHAT_MODEL_UNKNOWN_WHEN } from './dto/chat-models.responses';
