export * from './auth.module';
export * from './jwt-auth.guard';
export * from './token.service';
