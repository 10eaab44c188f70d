import { Global, Module } from '@nestjs/common';
import { TempFilesRegistry } from './temp-files.registry';
import { TempFilesSweeper } from './temp-files.sweeper';

/**
 * The sweep of temporary files a killed process leaves (infrastructure: it imports no feature;
 * features register their places in TempFilesRegistry). Global: every process (API, worker) has one.
 */
@Global()
@Module({
  providers: [TempFilesRegistry, TempFilesSweeper],
  exports: [TempFilesRegistry],
})
export class TempFilesModule {}
