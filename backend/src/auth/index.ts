export * from './admin.guard';
export * from './admins';
export * from './auth.errors';
export * from './auth.module';
export * from './client-address';
export * from './jwt-auth.guard';
export * from './token.service';
export { AuthService } from './auth.service';
export * from './two-factor';
