import { Injectable } from '@nestjs/common';
import type { ChatPromptContextSource } from '../chat';
import { FarmProfileService } from './farm-profile.service';

/** The farm profile as the chat's context block (one read of the user's row per send). */
@Injectable()
export class FarmPromptContextSource implements ChatPromptContextSource {
  readonly name = 'farm';

  constructor(private readonly farm: FarmProfileService) {}

  promptContext(userId: string): Promise<string | null> {
    return this.farm.promptContext(userId);
  }
}
