/**
 * The account page (docs/product.md#account-page): security (password date, two-factor sign-in),
 * billing history, notification preferences, the data export and account deletion.
 */
import type { AuthResponse } from './auth';
import type { PaymentMethod, PaymentProvider } from './subscription';

// ---------------------------------------------------------------------------------------------
// Two-factor sign-in (TOTP, RFC 6238: SHA-1, 6 digits, 30 s) and its one-time backup codes.
// ---------------------------------------------------------------------------------------------

/** How many backup codes confirming 2FA (or renewing them) gives: each works once. */
export const BACKUP_CODE_COUNT = 10;
/** A TOTP code: 6 digits. A backup code: 10 characters 'xxxxx-xxxxx' (a-z, 2-9), dash optional. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const BACKUP_CODE_PATTERN = /^[a-z2-9]{5}-?[a-z2-9]{5}$/i;

export interface TwoFactorStatus {
  enabled: boolean;
  /** When 2FA was confirmed (ISO), null when off. */
  enabledAt: string | null;
  /** Backup codes not used yet (0 when off). */
  backupCodesLeft: number;
}

/** GET /api/auth/security: what the Security tab shows. */
export interface AccountSecurity {
  /** When the password was last set: at sign-up, change or reset (ISO). */
  passwordChangedAt: string;
  twoFactor: TwoFactorStatus;
}

/**
 * POST /api/auth/two-factor/setup: a new secret, pending until confirmed with a code. Calling it
 * again replaces a pending secret; with 2FA already on it answers 409.
 */
export interface TwoFactorSetupResponse {
  /** Base32, for typing into an authenticator app by hand. */
  secret: string;
  /** otpauth://totp/… (what the QR code holds). */
  otpauthUrl: string;
  /** The QR code of otpauthUrl as an SVG document (safe to show as an <img> data URL). */
  qrCodeSvg: string;
  issuer: string;
  accountName: string;
}

/** POST /api/auth/two-factor/confirm, /disable, /backup-codes: a TOTP code or, except for confirm, a backup code. */
export interface TwoFactorCodeRequest {
  code: string;
}

/** POST /api/auth/two-factor/confirm and /backup-codes: the codes are shown once and never again. */
export interface TwoFactorBackupCodesResponse {
  ok: true;
  message: string;
  backupCodes: string[];
  twoFactor: TwoFactorStatus;
}

/** POST /api/auth/two-factor/disable. */
export interface TwoFactorDisabledResponse {
  ok: true;
  message: string;
  twoFactor: TwoFactorStatus;
}

/**
 * POST /api/auth/login when the account has 2FA: the password was right, no token yet. The
 * client sends the challenge with a code to POST /api/auth/login/two-factor.
 */
export interface TwoFactorChallengeResponse {
  twoFactorRequired: true;
  /** Opaque, single account, valid until expiresAt (5 minutes). */
  challenge: string;
  expiresAt: string;
  message: string;
}

/** POST /api/auth/login: a session, or the second step when 2FA is on. */
export type LoginResponse = AuthResponse | TwoFactorChallengeResponse;

export function isTwoFactorChallenge(response: unknown): response is TwoFactorChallengeResponse {
  return (
    typeof response === 'object' &&
    response !== null &&
    (response as { twoFactorRequired?: unknown }).twoFactorRequired === true
  );
}

/** POST /api/auth/login/two-factor: answers AuthResponse. */
export interface TwoFactorLoginRequest {
  challenge: string;
  /** A 6-digit TOTP code or one unused backup code. */
  code: string;
}

// ---------------------------------------------------------------------------------------------
// Billing history (GET /api/account/billing-history): our payment records, newest first.
// ---------------------------------------------------------------------------------------------

export type PaymentRecordStatus = 'paid' | 'failed' | 'refunded';

export interface BillingRecord {
  id: string;
  /** When the payment was made or refused (ISO). */
  date: string;
  method: PaymentMethod;
  provider: PaymentProvider;
  /** In the currency's major unit: 4 (USD), 2500 (XAF). */
  amount: number;
  /** ISO 4217: 'USD' or 'XAF'. */
  currency: string;
  status: PaymentRecordStatus;
  /** The Pro period the payment covers (ISO); null for a refused payment. */
  periodStart: string | null;
  periodEnd: string | null;
}

export interface BillingHistoryResponse {
  payments: BillingRecord[];
}

// ---------------------------------------------------------------------------------------------
// Notifications (GET/PUT /api/account/notifications): which e-mails the user wants.
// ---------------------------------------------------------------------------------------------

export interface NotificationPreferences {
  /** An e-mail when a monthly usage meter passes 80 % (once per feature and month). Default on. */
  usageAlerts: boolean;
  /** An e-mail 3 days before Pro ends without renewing. Default on. */
  proEnding: boolean;
  /** Product news. Default off. */
  productNews: boolean;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  usageAlerts: true,
  proEnding: true,
  productNews: false,
};

/** GET /api/account/notifications: the preferences and whether mail can reach the user at all. */
export interface NotificationSettingsResponse {
  preferences: NotificationPreferences;
  /** False when the account has no e-mail: nothing is sent until one is added. */
  hasEmail: boolean;
}

/** PUT /api/account/notifications: any subset; answers NotificationSettingsResponse. */
export type UpdateNotificationPreferencesRequest = Partial<NotificationPreferences>;

/** POST /api/account/notifications/product-news (administrators): subject 1–200, text 1–20,000 characters. */
export interface ProductNewsRequest {
  subject: string;
  text: string;
}

/** Queued for every user with product news on and an e-mail (that many, counted when queued). */
export interface ProductNewsResponse {
  ok: true;
  recipients: number;
}

// ---------------------------------------------------------------------------------------------
// Data export (POST /api/account/export, GET /api/account/export/{id}).
// ---------------------------------------------------------------------------------------------

export type AccountExportStatus = 'queued' | 'running' | 'completed' | 'failed' | 'expired';

/** A new export within this many seconds of the last one reuses it (also while one is running). */
export const EXPORT_REUSE_SECONDS = 60;

export interface AccountExportView {
  id: string;
  status: AccountExportStatus;
  /** 0–100. */
  progress: number;
  createdAt: string;
  completedAt: string | null;
  /** When the download link and the ZIP stop existing (ISO), once completed. */
  expiresAt: string | null;
  /** A signed link to the ZIP (no bearer needed), once completed and until expiresAt. */
  downloadUrl: string | null;
  sizeBytes: number | null;
  /** Why it failed (a code from ERROR_CODES and its English message). */
  error: { code: string; message: string } | null;
}

/**
 * Where the shell keeps this page load's cookie-consent sessionId (sessionStorage), so the account
 * page can name it in an export: cookie choices are stored per browser session, not per account.
 */
export const COOKIE_SESSION_STORAGE_KEY = 'kasa.cookieSessionId';

/** POST /api/account/export body: the browser's cookie-consent session, so account.json includes its choices. */
export interface AccountExportRequest {
  cookieSessionId?: string;
}

/** POST /api/account/export: 202 with the new job, or 200 with the one reused. */
export interface AccountExportResponse {
  export: AccountExportView;
  reused: boolean;
}

// ---------------------------------------------------------------------------------------------
// Account deletion (DELETE /api/account).
// ---------------------------------------------------------------------------------------------

export interface DeleteAccountRequest {
  password: string;
  /** Required when 2FA is on: a TOTP code or a backup code. */
  code?: string;
}

/** What the deletion removed; answered once it is all done. */
export interface DeleteAccountResponse {
  ok: true;
  message: string;
  deleted: {
    conversations: number;
    messages: number;
    files: number;
    uploads: number;
  };
  /** Payment records kept (anonymised) because accounting law requires them. */
  paymentRecordsKept: number;
  /** A card subscription cancelled at Stripe (or the sandbox) at once. */
  cardSubscriptionCancelled: boolean;
}
