import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config';
import { TempFilesRegistry } from './temp-files.registry';
import { sweepTempFiles } from './temp-sweep';

/**
 * Sweeps the registered temporary files (docs/operations.md#crashed-processes-and-their-files):
 * once when the process starts, before it takes requests or jobs (every feature has registered
 * its places by then), and every `tempFiles.sweepIntervalMs` after.
 */
@Injectable()
export class TempFilesSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TempFilesSweeper.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: TempFilesRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.config.tempFiles.sweepIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One sweep; a failure is logged, never thrown (the next sweep tries again). */
  sweep(): Promise<void> {
    this.running ??= this.sweepOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweepOnce(): Promise<void> {
    try {
      const removed = await sweepTempFiles(this.registry.all(), this.config.tempFiles.maxAgeMs);
      if (removed.length)
        this.logger.warn(
          `Removed ${removed.length} temporary file(s) left by a stopped process: ${removed.slice(0, 5).join(', ')}${removed.length > 5 ? ', ...' : ''}`,
        );
    } catch (error) {
      this.logger.error(
        `Sweeping temporary files failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
