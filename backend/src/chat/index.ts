export * from './chat.module';
export * from './chat.service';
