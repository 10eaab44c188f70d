import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { startLoopbackServer } from './loopback-server';

/**
 * A loopback server speaking the part of Stripe's API Kasa uses, as the `stripe` SDK sends it:
 * form-encoded bodies (`items[0][price]=…`, `expand[0]=…`), Bearer secret key, Idempotency-Key
 * replays, JSON objects in the API-version-2026 shapes (the first invoice's client secret on
 * `latest_invoice.confirmation_secret`, periods on subscription items and invoice lines) and
 * errors as `{error: {type, code, message, param}}`. Test helpers play the customer and Stripe's
 * side (paying the first invoice, expiring, deleting) and build the webhook events Stripe sends.
 */
export interface FakeStripeRequest {
  method: string;
  path: string;
  /** Form fields (POST) or query parameters (GET), keys as sent, e.g. `items[0][price]`. */
  params: Record<string, string>;
  authorization?: string;
  idempotencyKey?: string;
}

export interface FakeStripeError {
  status: number;
  type: 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error';
  code?: string;
  message: string;
}

export interface FakeStripeServer {
  /** What STRIPE_API_URL is set to (an origin). */
  apiUrl: string;
  requests: FakeStripeRequest[];
  /** The next API request answers this error instead. */
  failNext(error: FakeStripeError): void;
  subscription(id: string): Stripe.Subscription;
  /** A subscription made outside Kasa's checkout (e.g. in Stripe's dashboard), already paid. */
  createPaidSubscription(customerId: string): Stripe.Subscription;
  /** The customer confirms the card in the Payment Element: the first invoice is paid. */
  payFirstInvoice(subscriptionId: string): { invoicePaid: Stripe.Event; subscriptionUpdated: Stripe.Event };
  /**
   * The next period starts: Stripe moves the item's period forward and bills it. The update is
   * sent at once, the paid invoice only once the renewal payment goes through.
   */
  renew(subscriptionId: string): { subscriptionUpdated: Stripe.Event; invoicePaid: Stripe.Event };
  /** Stripe gives up on an unpaid first invoice (after 23 hours): status incomplete_expired. */
  expire(subscriptionId: string): Stripe.Event;
  /** The subscription ends (at its period end after a cancellation, or deleted; or at once through DELETE): the event. */
  delete(subscriptionId: string): Stripe.Event;
  /** An event as Stripe delivers it (`created` in seconds; default now). */
  event(type: string, object: unknown, created?: number): Stripe.Event;
  close(): Promise<void>;
}

export const FAKE_STRIPE_API_VERSION = '2026-02-25.clover';
const MONTHLY_PRICE_CENTS = 400;

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function oneMonthAfter(seconds: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

class StripeApiError extends Error {
  constructor(readonly failure: FakeStripeError & { param?: string }) {
    super(failure.message);
  }
}

const missing = (kind: string, value: string, param: string) =>
  new StripeApiError({
    status: 404,
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${value}'`,
    param,
  });

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

const paramsOf = (encoded: string) => Object.fromEntries(new URLSearchParams(encoded));

/** `expand[0]=a&expand[1]=b` (the SDK's form) or `expand[]=a`. */
const expansionsOf = (params: Record<string, string>) =>
  Object.entries(params)
    .filter(([key]) => /^expand\[\d*\]$/.test(key))
    .map(([, value]) => value);

export async function startFakeStripe(options: {
  secretKey: string;
  priceId: string;
}): Promise<FakeStripeServer> {
  const requests: FakeStripeRequest[] = [];
  const failures: FakeStripeError[] = [];
  const customers = new Map<string, Stripe.Customer>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const invoices = new Map<string, Stripe.Invoice>();
  const idempotentReplies = new Map<string, { status: number; body: string }>();

  function price(): Stripe.Price {
    return {
      id: options.priceId,
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: MONTHLY_PRICE_CENTS,
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      type: 'recurring',
      product: 'prod_kasa_pro',
      livemode: false,
    } as unknown as Stripe.Price;
  }

  function newInvoice(subscriptionId: string, customer: string, itemId: string, start: number, end: number) {
    const invoiceId = id('in');
    const invoice = {
      id: invoiceId,
      object: 'invoice',
      customer,
      status: 'open',
      currency: 'usd',
      amount_due: MONTHLY_PRICE_CENTS,
      amount_paid: 0,
      amount_remaining: MONTHLY_PRICE_CENTS,
      billing_reason: 'subscription_create',
      collection_method: 'charge_automatically',
      created: start,
      // For subscription invoices these are the *previous* period (here: the creation instant).
      period_start: start,
      period_end: start,
      confirmation_secret: {
        client_secret: `${id('pi')}_secret_${randomBytes(12).toString('hex')}`,
        type: 'payment_intent',
      },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscriptionId, metadata: {} },
      },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${invoiceId}/lines`,
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount: MONTHLY_PRICE_CENTS,
            currency: 'usd',
            description: '1 × Kasa Pro (at $4.00 / month)',
            invoice: invoiceId,
            period: { start, end },
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: {
                subscription: subscriptionId,
                subscription_item: itemId,
                invoice_item: null,
                proration: false,
                proration_details: { credited_items: null },
              },
            },
            pricing: {
              type: 'price_details',
              price_details: { price: options.priceId, product: 'prod_kasa_pro' },
            },
            quantity: 1,
          },
        ],
      },
      livemode: false,
    } as unknown as Stripe.Invoice;
    invoices.set(invoiceId, invoice);
    return invoice;
  }

  function newSubscription(
    customer: string,
    metadata: Record<string, string>,
    status: Stripe.Subscription.Status,
  ) {
    const subscriptionId = id('sub');
    const itemId = id('si');
    const start = now();
    const end = oneMonthAfter(start);
    const invoice = newInvoice(subscriptionId, customer, itemId, start, end);
    const subscription = {
      id: subscriptionId,
      object: 'subscription',
      customer,
      status,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      collection_method: 'charge_automatically',
      created: start,
      start_date: start,
      currency: 'usd',
      billing_cycle_anchor: start,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
        data: [
          {
            id: itemId,
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: end,
            price: price(),
            quantity: 1,
            subscription: subscriptionId,
            metadata: {},
          },
        ],
      },
      latest_invoice: invoice.id,
      metadata,
      livemode: false,
    } as unknown as Stripe.Subscription;
    subscriptions.set(subscriptionId, subscription);
    return subscription;
  }

  /** The stored object with the requested expansions applied (as Stripe returns it). */
  function render(subscription: Stripe.Subscription, expand: string[]): unknown {
    const invoiceId = subscription.latest_invoice as string;
    if (!expand.some((path) => path === 'latest_invoice' || path.startsWith('latest_invoice.')))
      return subscription;
    // confirmation_secret is an includable field: only there when asked for.
    const { confirmation_secret: secret, ...invoice } = invoices.get(invoiceId)!;
    return {
      ...subscription,
      latest_invoice: expand.includes('latest_invoice.confirmation_secret')
        ? { ...invoice, confirmation_secret: secret }
        : invoice,
    };
  }

  function getSubscription(subscriptionId: string): Stripe.Subscription {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw missing('subscription', subscriptionId, 'id');
    return subscription;
  }

  function route(method: string, path: string, params: Record<string, string>): unknown {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        created: now(),
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: Object.fromEntries(
          Object.entries(params)
            .filter(([key]) => key.startsWith('metadata['))
            .map(([key, value]) => [key.slice(9, -1), value]),
        ),
        livemode: false,
      } as unknown as Stripe.Customer;
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!params.customer || !customers.has(params.customer))
        throw missing('customer', params.customer ?? '', 'customer');
      if (params['items[0][price]'] !== options.priceId)
        throw missing('price', params['items[0][price]'] ?? '', 'items[0][price]');
      const metadata = Object.fromEntries(
        Object.entries(params)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice(9, -1), value]),
      );
      // default_incomplete: the first invoice waits for the Payment Element.
      const subscription = newSubscription(params.customer, metadata, 'incomplete');
      return render(subscription, expansionsOf(params));
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match && method === 'GET') return render(getSubscription(match[1]), expansionsOf(params));
    if (match && method === 'POST') {
      const subscription = getSubscription(match[1]);
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
        throw new StripeApiError({
          status: 400,
          type: 'invalid_request_error',
          message: 'A canceled subscription can only update its cancellation_details and metadata.',
        });
      if (params.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        subscription.cancel_at = subscription.cancel_at_period_end
          ? subscription.items.data[0].current_period_end
          : null;
        subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
      }
      return render(subscription, expansionsOf(params));
    }
    if (match && method === 'DELETE') {
      // Cancels at once: no further invoice, the subscription ends now.
      const subscription = getSubscription(match[1]);
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
        throw new StripeApiError({
          status: 400,
          type: 'invalid_request_error',
          message: `The subscription ${subscription.id} has already been canceled.`,
        });
      Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return render(subscription, expansionsOf(params));
    }
    throw new StripeApiError({
      status: 404,
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function send(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Request-Id': id('req'),
      'Stripe-Version': FAKE_STRIPE_API_VERSION,
    });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = await readBody(req);
    const params = req.method === 'GET' ? paramsOf(url.search) : paramsOf(body);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      params,
      authorization: req.headers.authorization,
      idempotencyKey,
    });
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      send(
        res,
        401,
        JSON.stringify({
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
        }),
      );
      return;
    }
    const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    const replay = replayKey ? idempotentReplies.get(replayKey) : undefined;
    if (replay) {
      send(res, replay.status, replay.body);
      return;
    }
    let status = 200;
    let answer: string;
    try {
      const failure = failures.shift();
      if (failure) throw new StripeApiError(failure);
      answer = JSON.stringify(route(req.method ?? 'GET', url.pathname, params));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.failure.status;
      const { type, code, message, param } = error.failure;
      answer = JSON.stringify({ error: { type, code, message, param } });
    }
    if (replayKey && status < 500) idempotentReplies.set(replayKey, { status, body: answer });
    send(res, status, answer);
  }

  function event(type: string, object: unknown, created = now()): Stripe.Event {
    return {
      id: id('evt'),
      object: 'event',
      api_version: FAKE_STRIPE_API_VERSION,
      created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
  }

  const server = await startLoopbackServer(handle);

  return {
    apiUrl: server.origin,
    requests,
    failNext: (error) => failures.push(error),
    subscription: getSubscription,
    createPaidSubscription(customerId) {
      const subscription = newSubscription(customerId, {}, 'active');
      const invoice = invoices.get(subscription.latest_invoice as string)!;
      Object.assign(invoice, { status: 'paid', amount_paid: MONTHLY_PRICE_CENTS, amount_remaining: 0 });
      return subscription;
    },
    payFirstInvoice(subscriptionId) {
      const subscription = getSubscription(subscriptionId);
      const invoice = invoices.get(subscription.latest_invoice as string)!;
      Object.assign(invoice, { status: 'paid', amount_paid: MONTHLY_PRICE_CENTS, amount_remaining: 0 });
      subscription.status = 'active';
      const { confirmation_secret: _secret, ...paidInvoice } = invoice;
      return {
        invoicePaid: event('invoice.paid', paidInvoice),
        subscriptionUpdated: event('customer.subscription.updated', { ...subscription }),
      };
    },
    renew(subscriptionId) {
      const subscription = getSubscription(subscriptionId);
      const [item] = subscription.items.data;
      const start = item.current_period_end;
      const end = oneMonthAfter(start);
      Object.assign(item, { current_period_start: start, current_period_end: end });
      const invoice = newInvoice(subscriptionId, subscription.customer as string, item.id, start, end);
      Object.assign(invoice, {
        billing_reason: 'subscription_cycle',
        status: 'paid',
        amount_paid: MONTHLY_PRICE_CENTS,
      });
      subscription.latest_invoice = invoice.id;
      const { confirmation_secret: _secret, ...paidInvoice } = invoice;
      return {
        subscriptionUpdated: event('customer.subscription.updated', structuredClone(subscription)),
        invoicePaid: event('invoice.paid', paidInvoice),
      };
    },
    expire(subscriptionId) {
      const subscription = getSubscription(subscriptionId);
      subscription.status = 'incomplete_expired';
      subscription.ended_at = now();
      return event('customer.subscription.updated', { ...subscription });
    },
    delete(subscriptionId) {
      const subscription = getSubscription(subscriptionId);
      subscription.status = 'canceled';
      subscription.ended_at = now();
      return event('customer.subscription.deleted', { ...subscription });
    },
    event,
    close: server.close,
  };
}
