export * from './notifications.module';
export * from './jobs/notification-jobs.module';
export * from './jobs/notification.job-types';
