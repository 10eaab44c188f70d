export * from './normalize-username';
export * from './user.entity';
export * from './users.module';
export * from './users.service';
