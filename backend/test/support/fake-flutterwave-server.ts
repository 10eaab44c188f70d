import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLoopbackServer } from './loopback-server';

/**
 * A loopback server speaking the part of Flutterwave's v3 API Kasa uses: francophone mobile
 * money charges (`POST /v3/charges?type=mobile_money_franco`, JSON, Bearer secret key) answered
 * "Charge initiated" (a prompt on the phone, or `meta.authorization` with mode 'redirect'), and
 * `GET /v3/transactions/:id/verify`. Errors come as `{status: 'error', message, data: null}`.
 * Test helpers play the customer (approving on the phone) and build the `charge.completed`
 * webhook Flutterwave then sends.
 */
export interface FakeFlutterwaveRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
  authorization?: string;
}

/** How the next charge is answered: a phone prompt (default), a page to finish on, or an error. */
export type FakeChargeReply =
  { kind: 'prompt' } | { kind: 'redirect'; url: string } | { kind: 'error'; status: number; message: string };

export interface FakeTransaction {
  id: number;
  tx_ref: string;
  flw_ref: string;
  amount: number;
  charged_amount: number;
  currency: string;
  status: 'pending' | 'successful' | 'failed';
  payment_type: string;
  created_at: string;
  customer: { id: number; name: string; email: string; phone_number: string; created_at: string };
}

export interface FakeFlutterwaveWebhook {
  event: 'charge.completed';
  data: Record<string, unknown>;
}

export interface FakeFlutterwaveServer {
  /** What FLUTTERWAVE_API_URL is set to. */
  apiUrl: string;
  requests: FakeFlutterwaveRequest[];
  script(...replies: FakeChargeReply[]): void;
  /** The transaction a charge created, by Kasa's tx_ref. */
  transactionOf(txRef: string): FakeTransaction;
  /**
   * The customer approves on the phone: the transaction is settled (successful unless told
   * otherwise; `amount` / `currency` stand for what the provider really collected) and the
   * webhook body Flutterwave then posts is returned.
   */
  complete(
    txRef: string,
    settled?: Partial<Pick<FakeTransaction, 'amount' | 'currency' | 'status'>>,
  ): FakeFlutterwaveWebhook;
  /** A webhook body for the transaction as it stands (e.g. one that claims more than it is). */
  webhookFor(transaction: FakeTransaction): FakeFlutterwaveWebhook;
  close(): Promise<void>;
}

const REQUIRED_CHARGE_FIELDS = [
  'tx_ref',
  'amount',
  'currency',
  'email',
  'phone_number',
  'country',
  'network',
];

function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : null);
      } catch {
        resolve(null);
      }
    });
    req.on('error', reject);
  });
}

export async function startFakeFlutterwave(options: { secretKey: string }): Promise<FakeFlutterwaveServer> {
  const requests: FakeFlutterwaveRequest[] = [];
  const replies: FakeChargeReply[] = [];
  const transactions = new Map<number, FakeTransaction>();
  const byRef = new Map<string, FakeTransaction>();
  let nextId = 4_000_001;

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  const error = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { status: 'error', message, data: null });

  function charge(res: ServerResponse, query: Record<string, string>, body: Record<string, unknown> | null) {
    if (query.type !== 'mobile_money_franco') return error(res, 400, 'Invalid charge type');
    const absent = REQUIRED_CHARGE_FIELDS.find((field) => body?.[field] === undefined || body[field] === '');
    if (!body || absent) return error(res, 400, `${absent ?? 'payload'} is required`);
    if (byRef.has(String(body.tx_ref))) return error(res, 400, 'Duplicate transaction reference');
    const reply = replies.shift() ?? { kind: 'prompt' };
    if (reply.kind === 'error') return error(res, reply.status, reply.message);
    const createdAt = new Date().toISOString();
    const transaction: FakeTransaction = {
      id: nextId++,
      tx_ref: String(body.tx_ref),
      flw_ref: `FLW-M03K-${nextId.toString(16)}`,
      amount: Number(body.amount),
      charged_amount: Number(body.amount),
      currency: String(body.currency),
      status: 'pending',
      payment_type: 'mobilemoneyfranco',
      created_at: createdAt,
      customer: {
        id: 900_000 + transactions.size,
        name: String(body.fullname ?? 'Anonymous customer'),
        email: String(body.email),
        phone_number: String(body.phone_number),
        created_at: createdAt,
      },
    };
    transactions.set(transaction.id, transaction);
    byRef.set(transaction.tx_ref, transaction);
    if (reply.kind === 'redirect')
      return send(res, 200, {
        status: 'success',
        message: 'Charge initiated',
        meta: { authorization: { redirect: reply.url, mode: 'redirect' } },
      });
    send(res, 200, {
      status: 'success',
      message: 'Charge initiated',
      data: {
        ...transaction,
        device_fingerprint: 'N/A',
        app_fee: 87.5,
        merchant_fee: 0,
        processor_response: 'Transaction in progress',
        auth_model: 'AUTH',
        ip: '127.0.0.1',
        narration: 'Kasa',
        fraud_status: 'ok',
        charge_type: 'normal',
        account_id: 17321,
      },
    });
  }

  function verify(res: ServerResponse, id: string) {
    const transaction = transactions.get(Number(id));
    if (!transaction) return error(res, 404, 'No transaction was found for this id');
    send(res, 200, {
      status: 'success',
      message: 'Transaction fetched successfully',
      data: {
        ...transaction,
        device_fingerprint: 'N/A',
        app_fee: 87.5,
        merchant_fee: 0,
        processor_response: transaction.status === 'successful' ? 'Approved' : 'Transaction in progress',
        auth_model: 'AUTH',
        ip: '127.0.0.1',
        narration: 'Kasa',
        account_id: 17321,
        amount_settled: transaction.amount - 87.5,
      },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = req.method === 'POST' ? await readJson(req) : null;
    const query = Object.fromEntries(url.searchParams);
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      body,
      authorization: req.headers.authorization,
    });
    if (req.headers.authorization !== `Bearer ${options.secretKey}`)
      return error(res, 401, 'Invalid authorization key');
    if (req.method === 'POST' && url.pathname === '/v3/charges') return charge(res, query, body);
    const verifyMatch = /^\/v3\/transactions\/([^/]+)\/verify$/.exec(url.pathname);
    if (req.method === 'GET' && verifyMatch) return verify(res, verifyMatch[1]);
    error(res, 404, `Cannot ${req.method} ${url.pathname}`);
  }

  const webhookFor = (transaction: FakeTransaction): FakeFlutterwaveWebhook => ({
    event: 'charge.completed',
    data: {
      ...transaction,
      device_fingerprint: 'N/A',
      app_fee: 87.5,
      merchant_fee: 0,
      processor_response: transaction.status === 'successful' ? 'Approved' : 'Declined',
      auth_model: 'AUTH',
      ip: '127.0.0.1',
      narration: 'Kasa',
      account_id: 17321,
    },
  });

  const server = await startLoopbackServer(handle);

  return {
    apiUrl: server.origin,
    requests,
    script: (...next) => replies.push(...next),
    transactionOf(txRef) {
      const transaction = byRef.get(txRef);
      if (!transaction) throw new Error(`No fake transaction for ${txRef}`);
      return transaction;
    },
    complete(txRef, settled = {}) {
      const transaction = byRef.get(txRef);
      if (!transaction) throw new Error(`No fake transaction for ${txRef}`);
      Object.assign(transaction, { status: 'successful' }, settled);
      transaction.charged_amount = transaction.amount;
      return webhookFor(transaction);
    },
    webhookFor,
    close: server.close,
  };
}
