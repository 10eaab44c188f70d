export * from './ffmpeg';
export * from './run-process';
