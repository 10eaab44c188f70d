/**
 * Quotas. Two ways to meter work, both reserving before it and refunding when it fails:
 *
 * - A route whose work ends with the request: `@Metered('webSearchesPerMonth')` (an amount other
 *   than 1 as the second argument) on a handler behind JwtAuthGuard. Over the limit the request
 *   gets the usage-limit 429 and the handler never runs; a handler that fails gives it back.
 * - Work that ends later (a streamed chat reply) or whose amount is known only inside the handler
 *   (seconds of audio): `const reservation = await usage.reserve(userId, feature, amount)` before
 *   the work, `await reservation.refund()` when it fails (once; safe to call again).
 *
 * A reservation lives in memory: work found abandoned by a process that died is given back with
 * `usage.refundAt(userId, feature, amount, takenAt)`, once (the caller's state change decides).
 *
 * Either way the feature's module imports UsageModule.
 */
export * from './job-usage-ledger.module';
export * from './metered';
export * from './reservation';
export * from './usage-limit.exception';
export * from './usage.module';
export * from './usage.service';
export { refundCountersCte, reserveOnPlanCtes, type ReservePlaceholders } from './usage.repository';
