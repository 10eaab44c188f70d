import { Injectable } from '@nestjs/common';
import type { FarmProfile } from '@kasa/contracts';
import type { UpdateFarmProfileDto } from './dto/update-farm-profile.dto';
import { renderFarmContext } from './farm-context';
import { FarmProfileRepository } from './farm-profile.repository';
import { toStoredFarmProfile } from './farm-profile.rules';
import { emptyFarmProfile } from './farm-profile.rows';

/** The user's farm (Account → My farm): read, replaced whole, forgotten; and told to the chat. */
@Injectable()
export class FarmProfileService {
  constructor(private readonly profiles: FarmProfileRepository) {}

  /** The saved profile, or the empty one (nulls and empty lists) before the first save. */
  async get(userId: string): Promise<FarmProfile> {
    return (await this.profiles.find(userId)) ?? emptyFarmProfile();
  }

  /** Replaces the whole profile with the validated request, coordinates rounded. */
  replace(userId: string, request: UpdateFarmProfileDto): Promise<FarmProfile> {
    return this.profiles.replace(userId, toStoredFarmProfile(request));
  }

  /** Forgets the profile; nothing to forget is fine. */
  forget(userId: string): Promise<void> {
    return this.profiles.delete(userId);
  }

  /** The block the chat's system prompt carries; null without a profile or with an empty one. */
  async promptContext(userId: string): Promise<string | null> {
    const profile = await this.profiles.find(userId);
    return profile ? renderFarmContext(profile) : null;
  }
}
