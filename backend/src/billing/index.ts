export * from './billing.module';
export * from './entities/subscription.entity';
export * from './entitlement/entitlement.service';
