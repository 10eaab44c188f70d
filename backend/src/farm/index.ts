export * from './farm.module';
export { FarmProfileService } from './farm-profile.service';
export { type FarmProfileRow, toFarmProfile } from './farm-profile.rows';
