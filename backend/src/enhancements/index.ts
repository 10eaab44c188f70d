export { EnhancementsModule } from './enhancements.module';
