import type { PaymentsRuntimeConfig } from './subscription';

/** The feature areas built as Module Federation remotes. */
export const REMOTE_NAMES = ['chat', 'studio', 'billing', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Module Federation container name of each remote (what `loadRemote('<name>/App')` uses). */
export const REMOTE_CONTAINER_NAMES: Record<RemoteName, string> = {
  chat: 'mfe_chat',
  studio: 'mfe_studio',
  billing: 'mfe_billing',
  account: 'mfe_account',
};

/**
 * Served at GET /runtime-config.json. The shell reads it before mounting anything, so each
 * remote can be deployed (and moved) on its own without rebuilding the shell.
 */
export interface RuntimeConfig {
  appName: string;
  assistantName: string;
  /** URL of each remote's mf-manifest.json (absolute, or relative to the shell's origin). */
  remotes: Record<RemoteName, string>;
  /** Which payment engines run, and Stripe's publishable key when card payments are real. */
  payments: PaymentsRuntimeConfig;
  /** Which optional features this server can run, so the UI disables the others before a tap. */
  features: FeaturesRuntimeConfig;
  /** Who users can ask for help; empty when the operator configured no contact. */
  support: SupportContacts;
}

/**
 * The operator's support contacts (SUPPORT_EMAIL, SUPPORT_WHATSAPP, SUPPORT_PHONE), each present
 * only when configured. The numbers are international: '+' then digits only (e.g. +237677123456).
 */
export interface SupportContacts {
  email?: string;
  whatsapp?: string;
  phone?: string;
}

/**
 * Optional features that depend on the operator's configuration; `false` shows the item as
 * "Not available on this server" (docs/product.md#features-this-server-cannot-run).
 */
export interface FeaturesRuntimeConfig {
  /** Google Drive import (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set). */
  cloudStorage: boolean;
}

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';
