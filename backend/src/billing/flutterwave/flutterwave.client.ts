import type { FlutterwaveConfig } from '../../config';

/** A failed Flutterwave call: its HTTP status (null when unreachable) and its message. */
export class FlutterwaveError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
    this.name = 'FlutterwaveError';
  }
}

/** Body of POST /v3/charges?type=mobile_money_franco (Flutterwave v3 francophone mobile money). */
export interface FrancoMobileMoneyCharge {
  tx_ref: string;
  amount: number;
  currency: string;
  country: string;
  email: string;
  /** Digits with the country code, no '+' (e.g. 237650000000). */
  phone_number: string;
  fullname: string;
  network: string;
  redirect_url?: string;
  meta?: Record<string, string>;
}

/** What a charge asks of the customer: a page to finish on, or (none) the prompt on their phone. */
export interface ChargeAuthorization {
  redirectUrl: string | null;
}

/** The fields of a verified transaction (GET /v3/transactions/:id/verify) Kasa relies on. */
export interface FlutterwaveTransaction {
  id: number;
  tx_ref: string;
  amount: number;
  currency: string;
  /** 'successful', 'failed' or 'pending'. */
  status: string;
}

interface FlutterwaveEnvelope {
  status?: string;
  message?: string;
  data?: unknown;
  meta?: { authorization?: { mode?: string; redirect?: string } };
}

const TIMEOUT_MS = 20_000;

/** Flutterwave's v3 REST API with the secret key (a loopback server in tests). */
export class FlutterwaveClient {
  private readonly apiUrl: string;

  constructor(private readonly config: FlutterwaveConfig) {
    this.apiUrl = config.apiUrl.replace(/\/+$/, '');
  }

  get secretHash(): string {
    return this.config.secretHash;
  }

  async chargeMobileMoneyFranco(charge: FrancoMobileMoneyCharge): Promise<ChargeAuthorization> {
    const answer = await this.call('POST', '/v3/charges?type=mobile_money_franco', charge);
    // Some networks answer with a page to finish on (meta.authorization, mode 'redirect'), at the
    // top level or inside data; otherwise the customer approves a prompt on their phone.
    const nested = (answer.data as FlutterwaveEnvelope | null | undefined)?.meta?.authorization;
    const authorization = answer.meta?.authorization ?? nested;
    const redirect = authorization?.mode === 'redirect' ? authorization.redirect : undefined;
    return { redirectUrl: typeof redirect === 'string' && /^https:\/\//.test(redirect) ? redirect : null };
  }

  async verifyTransaction(id: string): Promise<FlutterwaveTransaction> {
    const answer = await this.call('GET', `/v3/transactions/${encodeURIComponent(id)}/verify`);
    const data = answer.data as Partial<FlutterwaveTransaction> | null | undefined;
    if (!data || typeof data.tx_ref !== 'string' || typeof data.status !== 'string')
      throw new FlutterwaveError('The verified transaction has no tx_ref or status', 200);
    return {
      id: Number(data.id),
      tx_ref: data.tx_ref,
      amount: Number(data.amount),
      currency: String(data.currency),
      status: data.status,
    };
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<FlutterwaveEnvelope> {
    let response: Response;
    try {
      response = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.config.secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new FlutterwaveError(`Flutterwave could not be reached: ${(error as Error).message}`, null);
    }
    const text = await response.text();
    let answer: FlutterwaveEnvelope | null = null;
    try {
      answer = JSON.parse(text) as FlutterwaveEnvelope;
    } catch {
      // Not JSON (a proxy's error page): reported with the status below.
    }
    if (!response.ok || answer?.status !== 'success')
      throw new FlutterwaveError(answer?.message ?? `HTTP ${response.status}`, response.status);
    return answer;
  }
}

export const FLUTTERWAVE_CLIENT = Symbol('FLUTTERWAVE_CLIENT');
