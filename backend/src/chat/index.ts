export * from './chat.module';
export * from './chat.service';
export type { AppendedMessage } from './conversations/appended-messages.repository';
export { ChatAttachmentsRegistry } from './attachments/chat-attachments.registry';
export type { ChatAttachmentSource, ResolvedAttachment } from './attachments/chat-attachment-source';
