import { Injectable } from '@nestjs/common';
import type { TempLocation } from './temp-sweep';

/**
 * Where this process's features write temporary files, registered by the features that own them
 * (as chat attachment sources are): the sweeper knows their places and patterns, not the features.
 */
@Injectable()
export class TempFilesRegistry {
  private readonly locations: TempLocation[] = [];

  register(location: TempLocation): void {
    this.locations.push(location);
  }

  all(): readonly TempLocation[] {
    return this.locations;
  }
}
