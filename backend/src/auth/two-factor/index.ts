export * from './two-factor.service';
export * from './user-two-factor.entity';
export * from './two-factor-backup-code.entity';
