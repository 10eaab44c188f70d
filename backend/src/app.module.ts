import { type DynamicModule, Module } from '@nestjs/common';
import { AccountModule } from './account/account.module';
import { AiModule } from './ai/ai.module';
import { AuthModule } from './auth';
import { BillingModule } from './billing';
import { ChatModule } from './chat';
import { ClockModule, LoggingModule } from './common';
import { ConcurrencyLimitsModule } from './concurrency-limits';
import { type AppConfig, ConfigModule } from './config';
import { DatabaseModule } from './database/database.module';
import { DevOutboxModule } from './dev-outbox/dev-outbox.module';
import { EnhancementsModule } from './enhancements';
import { FarmModule } from './farm';
import { LanguageToolModule } from './language-tool/language-tool.module';
import { FilesModule } from './files';
import { HealthModule } from './health/health.module';
import { LegalModule } from './legal/legal.module';
import { MailModule } from './mail';
import { NotificationsModule } from './notifications/notifications.module';
import { MediaModule } from './media';
import { QueueModule } from './queue';
import { JobUsageLedgerModule, UsageModule } from './usage';
import { VoiceModule } from './voice/voice.module';
import { WeatherModule } from './weather/weather.module';
import { WebModule } from './web';
import { JOB_MODULES } from './worker.module';
import { TempFilesModule } from './temp-files';
import { WorkerThreadsModule } from './worker-threads';

/** The API process: every feature module is imported here. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        ClockModule,
        DatabaseModule,
        ConcurrencyLimitsModule,
        WorkerThreadsModule,
        TempFilesModule,
        QueueModule.forRoot({
          runWorkers: config.workerMode === 'inline',
          usageLedger: JobUsageLedgerModule,
        }),
        ...(config.workerMode === 'inline' ? JOB_MODULES : []),
        HealthModule,
        MailModule,
        // The outbox route only outside production (see dev-outbox.controller.ts).
        ...(config.nodeEnv === 'production' ? [] : [DevOutboxModule]),
        NotificationsModule,
        AccountModule,
        AiModule,
        AuthModule,
        BillingModule,
        ChatModule,
        EnhancementsModule,
        FarmModule,
        LanguageToolModule,
        FilesModule,
        LegalModule,
        MediaModule,
        UsageModule,
        VoiceModule,
        WeatherModule,
        WebModule,
      ],
    };
  }
}
