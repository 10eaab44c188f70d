export * from './normalize-username';
export * from './user.entity';
export * from './users.errors';
export * from './users.module';
export * from './users.repository';
export * from './users.service';
