export * from './billing.module';
export * from './entities/subscription.entity';
export * from './card/card-subscription-closure';
export * from './payment-records/payment-records.service';
