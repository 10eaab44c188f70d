import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  type ActiveSubscription,
  type PaymentMethod,
  type PaymentProvider,
  PLAN_IDS,
  type PlanId,
  type PlanLimits,
  type PlansResponse,
  type SubscriptionStatus,
  type SubscriptionUsage,
  UNLIMITED,
  type UsageCounterKey,
  type UsageFeature,
} from '@kasa/contracts';

const PAYMENT_METHODS: PaymentMethod[] = ['card', 'mobile_money'];
const PAYMENT_PROVIDERS: PaymentProvider[] = ['stripe', 'flutterwave', 'sandbox'];
const LIMIT = `Monthly limit; ${UNLIMITED} means unlimited.`;

@ApiSchema({
  name: 'FeatureLimits',
  description: `Monthly limit of each metered feature (${UNLIMITED} = unlimited).`,
})
export class FeatureLimitsDoc implements Record<UsageFeature, number> {
  @ApiProperty({ type: Number, example: 50 })
  messagesPerMonth: number;

  @ApiProperty({ type: Number, example: 5 })
  mediaGenerationsPerMonth: number;

  @ApiProperty({ type: Number, description: 'In seconds (shown as whole minutes).', example: 600 })
  voiceMinutesPerMonth: number;

  @ApiProperty({ type: Number, example: 5 })
  audioUploadsPerMonth: number;

  @ApiProperty({ type: Number, example: 20 })
  webSearchesPerMonth: number;
}

@ApiSchema({ name: 'UsageCounters' })
export class UsageCountersDoc implements Record<UsageCounterKey, number> {
  @ApiProperty({ type: Number })
  messages: number;

  @ApiProperty({ type: Number })
  mediaGenerations: number;

  @ApiProperty({ type: Number, description: 'Seconds.' })
  voiceMinutes: number;

  @ApiProperty({ type: Number })
  audioUploads: number;

  @ApiProperty({ type: Number })
  webSearches: number;
}

@ApiSchema({ name: 'PlanLimits', description: "One plan's prices and monthly limits." })
export class PlanLimitsDoc extends FeatureLimitsDoc implements Required<PlanLimits> {
  @ApiProperty({ type: String, example: 'Basic' })
  name: string;

  @ApiProperty({ type: Number, description: 'Monthly price in USD by card (0 = free).', example: 4 })
  price: number;

  @ApiProperty({
    type: Number,
    description: 'Monthly price in XAF by mobile money (0 = free).',
    example: 2500,
  })
  priceXaf: number;
}

@ApiSchema({ name: 'PlanLimitsByPlan' })
export class PlanLimitsByPlanDoc implements Record<PlanId, PlanLimits> {
  @ApiProperty({ type: () => PlanLimitsDoc })
  BASIC_PLAN: PlanLimitsDoc;

  @ApiProperty({ type: () => PlanLimitsDoc })
  PRO_PLAN: PlanLimitsDoc;
}

@ApiSchema({ name: 'SubscriptionUsage' })
export class SubscriptionUsageDoc implements Required<SubscriptionUsage> {
  @ApiProperty({ type: () => UsageCountersDoc, description: 'Use counted this calendar month (UTC).' })
  current: UsageCountersDoc;

  @ApiProperty({ type: () => FeatureLimitsDoc, description: LIMIT })
  limits: FeatureLimitsDoc;

  @ApiProperty({
    type: () => UsageCountersDoc,
    description: 'Percent of each limit used, rounded down (0 when unlimited; may pass 100).',
  })
  percentages: UsageCountersDoc;
}

@ApiSchema({ name: 'ActiveSubscription', description: 'How the current Pro is paid.' })
export class ActiveSubscriptionDoc implements Required<ActiveSubscription> {
  @ApiProperty({ enum: PAYMENT_METHODS, enumName: 'PaymentMethod' })
  method: PaymentMethod;

  @ApiProperty({ enum: PAYMENT_PROVIDERS, enumName: 'PaymentProvider' })
  provider: PaymentProvider;

  @ApiProperty({ type: String, format: 'date-time', description: 'Pro lasts until this instant.' })
  currentPeriodEnd: string;

  @ApiProperty({ type: Boolean, description: 'Cancelled: Pro until currentPeriodEnd, then Basic.' })
  cancelAtPeriodEnd: boolean;

  @ApiProperty({ type: Boolean, description: 'Only card subscriptions can be cancelled.' })
  cancellable: boolean;
}

@ApiSchema({ name: 'SubscriptionStatus', description: "The user's plan, limits and use this month." })
export class SubscriptionStatusDoc implements Required<SubscriptionStatus> {
  @ApiProperty({ enum: PLAN_IDS, enumName: 'PlanId' })
  plan: PlanId;

  @ApiProperty({ type: () => PlanLimitsByPlanDoc })
  planLimits: PlanLimitsByPlanDoc;

  @ApiProperty({ type: () => SubscriptionUsageDoc })
  usage: SubscriptionUsageDoc;

  @ApiProperty({ type: () => ActiveSubscriptionDoc, nullable: true })
  subscription: ActiveSubscriptionDoc | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'When the monthly counters start again (the 1st of next month, 00:00 UTC).',
  })
  usageResetsAt: string;
}

@ApiSchema({ name: 'OfferedPlan' })
export class OfferedPlanDoc extends PlanLimitsDoc {
  @ApiProperty({ enum: PLAN_IDS, enumName: 'PlanId' })
  id: PlanId;
}

@ApiSchema({ name: 'PlansResponse', description: 'The plans on offer, as the pricing page shows them.' })
export class PlansResponseDoc implements Required<PlansResponse> {
  @ApiProperty({ type: () => [OfferedPlanDoc] })
  plans: OfferedPlanDoc[];
}
