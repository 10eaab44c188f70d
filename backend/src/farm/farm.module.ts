import { Module, type OnModuleInit } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ChatModule, ChatPromptContextRegistry } from '../chat';
import { FarmProfileController } from './farm-profile.controller';
import { FarmProfileRepository } from './farm-profile.repository';
import { FarmProfileService } from './farm-profile.service';
import { FarmPromptContextSource } from './farm-prompt-context.source';

/** The user's farm profile (/api/farm/profile) and the chat's context block made from it. */
@Module({
  imports: [AuthModule, ChatModule],
  controllers: [FarmProfileController],
  providers: [FarmProfileRepository, FarmProfileService, FarmPromptContextSource],
  exports: [FarmProfileService],
})
export class FarmModule implements OnModuleInit {
  constructor(
    private readonly registry: ChatPromptContextRegistry,
    private readonly source: FarmPromptContextSource,
  ) {}

  onModuleInit(): void {
    this.registry.register(this.source);
  }
}
