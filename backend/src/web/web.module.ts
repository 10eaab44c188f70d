import { Module } from '@nestjs/common';
import { RuntimeConfigController } from './runtime-config.controller';
import { ShellPageMetaRegistry } from './shell-page-meta';

/**
 * GET /runtime-config.json, and the registry of the shell pages' meta (link previews, noindex)
 * that features fill at start (useStaticFrontends serves the pages).
 */
@Module({
  controllers: [RuntimeConfigController],
  providers: [ShellPageMetaRegistry],
  exports: [ShellPageMetaRegistry],
})
export class WebModule {}
