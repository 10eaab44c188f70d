/**
 * Bounds on a parsed body, checked before class-transformer and class-validator walk it: both
 * recurse (5,000 nested arrays overflowed the stack) and do work per field (60,000 unknown keys
 * took seconds and listed every one). Kasa's largest legitimate JSON body, a Flutterwave webhook,
 * has a few dozen fields three levels deep.
 */
export const MAX_BODY_DEPTH = 32;
/** Object keys plus array items, counted over the whole body. */
export const MAX_BODY_FIELDS = 1000;

export const BODY_TOO_DEEP = `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`;
export const BODY_TOO_MANY_FIELDS = `The request body has too many fields (at most ${MAX_BODY_FIELDS}).`;

/**
 * Names that reach an object's prototype when a parsed body is copied key by key (class-transformer
 * assigns every key, and Object.assign too). No Kasa body has a field so named.
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export type ShapeProblem =
  { kind: 'too-deep' } | { kind: 'too-many-fields' } | { kind: 'prototype-key'; key: string };

export interface ShapeLimits {
  maxDepth: number;
  maxFields: number;
}

const BODY_LIMITS: ShapeLimits = { maxDepth: MAX_BODY_DEPTH, maxFields: MAX_BODY_FIELDS };

/**
 * The first bound a parsed JSON or form value breaks, or null. Iterative (no nesting can overflow
 * the stack) and it stops at the first problem, so its cost is at most the size of the input.
 */
export function findShapeProblem(input: unknown, limits: ShapeLimits = BODY_LIMITS): ShapeProblem | null {
  const stack: Array<{ value: object; depth: number }> = [];
  const visitLater = (value: unknown, depth: number) => {
    if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) stack.push({ value, depth });
  };
  visitLater(input, 1);
  let fields = 0;
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (depth > limits.maxDepth) return { kind: 'too-deep' };
    if (Array.isArray(value)) {
      fields += value.length;
      if (fields > limits.maxFields) return { kind: 'too-many-fields' };
      for (const item of value) visitLater(item, depth + 1);
      continue;
    }
    const keys = Object.keys(value);
    fields += keys.length;
    if (fields > limits.maxFields) return { kind: 'too-many-fields' };
    for (const key of keys) {
      if (PROTOTYPE_KEYS.has(key)) return { kind: 'prototype-key', key };
      visitLater((value as Record<string, unknown>)[key], depth + 1);
    }
  }
  return null;
}
