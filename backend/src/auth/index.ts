export * from './admin.guard';
export * from './admins';
export * from './auth.module';
export * from './client-address';
export * from './jwt-auth.guard';
export * from './token.service';
