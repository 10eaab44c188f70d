import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CookiePreferencesEntity } from './entities/cookie-preferences.entity';
import { LegalPageEntity } from './entities/legal-page.entity';
import { LegalKnowledgeSource } from './legal-knowledge.source';
import { LegalController } from './legal.controller';
import { LegalRepository } from './legal.repository';
import { LegalService } from './legal.service';

/** Legal pages and cookie preferences (docs/product.md#legal-pages, docs/product.md#cookie-consent). */
@Module({
  imports: [TypeOrmModule.forFeature([LegalPageEntity, CookiePreferencesEntity])],
  controllers: [LegalController],
  // LegalKnowledgeSource registers the pages with the AI layer's knowledge search (offline advisor).
  providers: [LegalService, LegalRepository, LegalKnowledgeSource],
})
export class LegalModule {}
