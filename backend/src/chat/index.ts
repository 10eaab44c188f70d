export * from './chat.module';
export * from './chat.service';
export type { AppendedMessage } from './chat.repository';
