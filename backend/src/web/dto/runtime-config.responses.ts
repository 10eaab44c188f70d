import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  MOBILE_MONEY_NETWORKS,
  type FeaturesRuntimeConfig,
  type MobileMoneyNetwork,
  type PaymentsRuntimeConfig,
  type RemoteName,
  type RuntimeConfig,
  type SupportContacts,
} from '@kasa/contracts';

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

  @ApiProperty({
    type: String,
    description:
      "The calling code mobile money numbers are read with (MOBILE_MONEY_COUNTRY_CODE), without '+'.",
    example: '237',
  })
  mobileMoneyCountryCode: string;

  @ApiProperty({
    enum: MOBILE_MONEY_NETWORKS,
    enumName: 'MobileMoneyNetwork',
    isArray: true,
    description: 'The networks mobile money has a route for: the only ones the form offers.',
    example: ['MTN', 'ORANGE'],
  })
  mobileMoneyNetworks: MobileMoneyNetwork[];
}

@ApiSchema({
  name: 'FeaturesRuntimeConfig',
  description:
    'Which optional features this server can run (the others show "Not available on this server").',
})
export class FeaturesRuntimeConfigDoc implements Required<FeaturesRuntimeConfig> {
  @ApiProperty({
    type: Boolean,
    description: 'Google Drive import (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET set).',
  })
  cloudStorage: boolean;
}

@ApiSchema({
  name: 'SupportContacts',
  description:
    "The operator's support contacts (SUPPORT_EMAIL, SUPPORT_WHATSAPP, SUPPORT_PHONE), each only when set.",
})
export class SupportContactsDoc implements SupportContacts {
  @ApiPropertyOptional({ type: String, example: 'help@kasa.example' })
  email?: string;

  @ApiPropertyOptional({ type: String, description: 'International number.', example: '+237677123456' })
  whatsapp?: string;

  @ApiPropertyOptional({ type: String, description: 'International number.', example: '+237677123456' })
  phone?: string;
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

  @ApiProperty({ type: () => SupportContactsDoc })
  support: SupportContactsDoc;

  @ApiProperty({ type: () => FeaturesRuntimeConfigDoc })
  features: FeaturesRuntimeConfigDoc;
}
