import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { PaymentsRuntimeConfig, RemoteName, RuntimeConfig } from '@kasa/contracts';

@ApiSchema({
  name: 'RemoteUrls',
  description: "URL of each remote's mf-manifest.json (absolute, or relative to the shell's origin).",
})
export class RemoteUrlsDoc implements Record<RemoteName, string> {
  @ApiProperty({ type: String, example: '/remotes/chat/mf-manifest.json' })
  chat: string;

  @ApiProperty({ type: String, example: '/remotes/studio/mf-manifest.json' })
  studio: string;

  @ApiProperty({ type: String, example: '/remotes/billing/mf-manifest.json' })
  billing: string;

  @ApiProperty({ type: String, example: '/remotes/account/mf-manifest.json' })
  account: string;
}

@ApiSchema({ name: 'PaymentsRuntimeConfig', description: 'Which payment engines run.' })
export class PaymentsRuntimeConfigDoc implements Required<PaymentsRuntimeConfig> {
  @ApiProperty({ enum: ['stripe', 'sandbox'] })
  card: 'stripe' | 'sandbox';

  @ApiPropertyOptional({ type: String, description: "Stripe's publishable key, when card is 'stripe'." })
  stripePublishableKey: string;

  @ApiProperty({ enum: ['flutterwave', 'sandbox'] })
  mobileMoney: 'flutterwave' | 'sandbox';
}

@ApiSchema({ name: 'RuntimeConfig', description: 'What the shell reads before mounting any remote.' })
export class RuntimeConfigDoc implements Required<RuntimeConfig> {
  @ApiProperty({ type: String, example: 'Kasa' })
  appName: string;

  @ApiProperty({ type: String, example: 'Kasa' })
  assistantName: string;

  @ApiProperty({ type: () => RemoteUrlsDoc })
  remotes: RemoteUrlsDoc;

  @ApiProperty({ type: () => PaymentsRuntimeConfigDoc })
  payments: PaymentsRuntimeConfigDoc;
}
