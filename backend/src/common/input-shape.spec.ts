import { findShapeProblem, MAX_BODY_DEPTH, MAX_BODY_FIELDS } from './input-shape';

/** `depth` containers, one inside the other, built without recursion. */
function nestedArrays(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function nestedObjects(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const fields = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));

describe('findShapeProblem', () => {
  it.each([
    ['arrays', nestedArrays],
    ['objects', nestedObjects],
  ])('allows %s nested MAX_BODY_DEPTH deep, not one more', (_kind, nested) => {
    expect(findShapeProblem(nested(MAX_BODY_DEPTH))).toBeNull();
    expect(findShapeProblem(nested(MAX_BODY_DEPTH + 1))).toEqual({ kind: 'too-deep' });
  });

  it('walks a million levels without overflowing the stack', () => {
    expect(findShapeProblem(nestedArrays(1_000_000))).toEqual({ kind: 'too-deep' });
  });

  it('counts keys and array items over the whole body', () => {
    expect(findShapeProblem(fields(MAX_BODY_FIELDS))).toBeNull();
    expect(findShapeProblem(fields(MAX_BODY_FIELDS + 1))).toEqual({ kind: 'too-many-fields' });
    expect(findShapeProblem({ list: Array.from({ length: MAX_BODY_FIELDS }, () => 0) })).toEqual({
      kind: 'too-many-fields',
    });
    // Keys a and b, 400 in a, b's 2 items, then 400 and 196 keys in those: 1,000 in all.
    expect(findShapeProblem({ a: fields(400), b: [fields(400), fields(196)] })).toBeNull();
    expect(findShapeProblem({ a: fields(400), b: [fields(400), fields(197)] })).toEqual({
      kind: 'too-many-fields',
    });
  });

  it('refuses keys that reach a prototype, at any depth', () => {
    expect(findShapeProblem(JSON.parse('{"a":[{"__proto__":{"admin":true}}]}'))).toEqual({
      kind: 'prototype-key',
      key: '__proto__',
    });
    expect(findShapeProblem({ constructor: { prototype: {} } })).toEqual({
      kind: 'prototype-key',
      key: 'constructor',
    });
  });

  it('leaves primitives, Buffers (raw webhook bodies) and ordinary bodies alone', () => {
    for (const input of [undefined, null, 'text', 42, Buffer.from('[[[[[[')])
      expect(findShapeProblem(input)).toBeNull();
    expect(
      findShapeProblem({ message: 'hello', conversationId: null, tags: ['a', { b: [1, 2] }] }),
    ).toBeNull();
  });

  it('takes custom limits', () => {
    expect(findShapeProblem({ a: { b: 1 } }, { maxDepth: 1, maxFields: 10 })).toEqual({ kind: 'too-deep' });
    expect(findShapeProblem([1, 2, 3], { maxDepth: 5, maxFields: 2 })).toEqual({ kind: 'too-many-fields' });
  });
});
