export const QUEUE_DRIVER = Symbol('QUEUE_DRIVER');
export const RUN_WORKERS = Symbol('RUN_WORKERS');
