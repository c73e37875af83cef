/**
 * A faster parse of valid input, for the server renderer (widgets/server.tsx installs it on the
 * islands' schemas; the browser bundle does not use it). valibot runs a schema as a tree of `~run`
 * calls, each with a dataset object of its own: for a 48-card grid (48 × 33 fields, each a nullish, a
 * pipe, a transform and a check or two) that is most of the lenient parse. Here the same tree is
 * compiled once into plain functions that give the output of a valid input, or NOT_VALID; the
 * schema's own `~run` is then only called when the input is not valid, so every issue, path and
 * message (and with them parseLenient's cuts and notes) is valibot's own. A valid input gives the
 * same output as valibot's: fresh objects and arrays with the schema's keys in its order, each value
 * through the same transforms. Only the kinds the islands' props and the page config use are
 * compiled (below); a schema with any other kind inside keeps valibot's run alone.
 */
import * as v from 'valibot';

const NOT_VALID: unique symbol = Symbol('not valid');
type Fast = (input: unknown) => unknown;

type Node = {
  kind: string; type: string; reference?: unknown; literal?: unknown; default?: unknown; fallback?: unknown;
  wrapped?: Node; entries?: Record<string, Node>; item?: Node; options?: readonly Node[]; pipe?: readonly Node[];
  operation?: (input: unknown) => unknown; requirement?: (input: unknown) => boolean;
  '~run': (dataset: Dataset, config: unknown) => Dataset;
};
type Dataset = { value: unknown; typed?: boolean; issues?: unknown[] };
const compiled = new WeakMap<Node, Fast | null>();

/** The valid-input function of `schema`, or null when it holds a kind not compiled here. */
function compile(schema: Node): Fast | null {
  if (compiled.has(schema)) return compiled.get(schema)!;
  compiled.set(schema, null); // a schema inside itself (v.lazy is not compiled anyway)
  const fast = compileNode(schema);
  compiled.set(schema, fast);
  return fast;
}

/** `schema`'s items (a pipe), schemas and actions alike, as one function; null when one is not compiled. */
function compilePipe(items: readonly Node[]): Fast | null {
  const steps: Fast[] = [];
  for (const item of items) {
    if (item.kind === 'metadata') continue;
    // A schema in a pipe runs whole (a pipe in a pipe too).
    const step = item.kind === 'schema' ? compile(item) : compileAction(item);
    if (!step) return null;
    steps.push(step);
  }
  return (input) => {
    let value = input;
    for (let i = 0; i < steps.length; i++) {
      value = steps[i]!(value);
      if (value === NOT_VALID) return NOT_VALID;
    }
    return value;
  };
}

/** A pipe's transformation or validation, as valibot runs it on a typed value. */
function compileAction(action: Node): Fast | null {
  if (action.kind === 'transformation' && action.type === 'transform' && action.reference === v.transform) {
    return (input) => action.operation!(input);
  }
  if (action.kind !== 'validation') return null;
  const requirement = action.requirement as unknown;
  switch (action.type) {
    case 'check':
    case 'finite':
    case 'integer':
      if (action.reference !== { check: v.check, finite: v.finite, integer: v.integer }[action.type]) return null;
      return (input) => (action.requirement!(input) ? input : NOT_VALID);
    case 'gt_value':
      return action.reference === v.gtValue ? (input) => ((input as number) > (requirement as number) ? input : NOT_VALID) : null;
    case 'min_value':
      return action.reference === v.minValue ? (input) => ((input as number) >= (requirement as number) ? input : NOT_VALID) : null;
    case 'max_value':
      return action.reference === v.maxValue ? (input) => ((input as number) <= (requirement as number) ? input : NOT_VALID) : null;
    case 'regex':
      return action.reference === v.regex ? (input) => ((requirement as RegExp).test(input as string) ? input : NOT_VALID) : null;
    case 'max_length':
      return action.reference === v.maxLength ? (input) => ((input as string).length > (requirement as number) ? NOT_VALID : input) : null;
    default:
      return null;
  }
}

function compileNode(schema: Node): Fast | null {
  // v.fallback() gives its own output for an invalid input (a union would take it): not compiled.
  if (schema.kind !== 'schema' || schema.fallback !== undefined) return null;
  // A pipe carries its first schema's kind and type: read it as a pipe first.
  if (schema.pipe) return compilePipe(schema.pipe);
  switch (schema.type) {
    case 'unknown':
      return schema.reference === v.unknown ? (input) => input : null;
    case 'string':
      return schema.reference === v.string ? (input) => (typeof input === 'string' ? input : NOT_VALID) : null;
    case 'number':
      return schema.reference === v.number ? (input) => (typeof input === 'number' && !Number.isNaN(input) ? input : NOT_VALID) : null;
    case 'boolean':
      return schema.reference === v.boolean ? (input) => (typeof input === 'boolean' ? input : NOT_VALID) : null;
    case 'picklist': {
      if (schema.reference !== v.picklist) return null;
      const options = (schema as Node & { options: readonly unknown[] }).options;
      return (input) => (options.includes(input) ? input : NOT_VALID);
    }
    case 'literal': {
      if (schema.reference !== v.literal) return null;
      const literal = schema.literal;
      // valibot compares with SameValueZero.
      return (input) => (input === literal || (input !== input && literal !== literal) ? input : NOT_VALID);
    }
    case 'nullish':
    case 'optional': {
      if (schema.reference !== (schema.type === 'nullish' ? v.nullish : v.optional) || typeof schema.default === 'function') return null;
      const wrapped = compile(schema.wrapped!);
      if (!wrapped) return null;
      const missing = schema.type === 'nullish' ? (input: unknown) => input === null || input === undefined : (input: unknown) => input === undefined;
      const byDefault = schema.default;
      return (input) => {
        if (missing(input)) {
          if (byDefault === undefined || missing(byDefault)) return byDefault === undefined ? input : byDefault;
          return wrapped(byDefault);
        }
        return wrapped(input);
      };
    }
    case 'union': {
      if (schema.reference !== v.union) return null;
      const options: Fast[] = [];
      for (const option of schema.options!) {
        const fast = compile(option);
        if (!fast) return null;
        options.push(fast);
      }
      // The first option the input fits, as valibot's union.
      return (input) => {
        for (let i = 0; i < options.length; i++) {
          const output = options[i]!(input);
          if (output !== NOT_VALID) return output;
        }
        return NOT_VALID;
      };
    }
    case 'array': {
      if (schema.reference !== v.array) return null;
      const item = compile(schema.item!);
      if (!item) return null;
      return (input) => {
        if (!Array.isArray(input)) return NOT_VALID;
        const output: unknown[] = [];
        for (let i = 0; i < input.length; i++) {
          const value = item(input[i]);
          if (value === NOT_VALID) return NOT_VALID;
          output.push(value);
        }
        return output;
      };
    }
    case 'object':
      return schema.reference === v.object ? compileObject(schema.entries!) : null;
    default:
      return null;
  }
}

/** valibot's object(): the entries in order; a key the input lacks takes its default, or is left out when optional. */
function compileObject(entries: Record<string, Node>): Fast | null {
  const keys: string[] = [];
  const values: Fast[] = [];
  // 0: required, 1: optional without a default (left out), 2: optional with a default
  const whenMissing: number[] = [];
  const defaults: unknown[] = [];
  for (const key in entries) {
    const entry = entries[key]!;
    const fast = compile(entry);
    if (!fast) return null;
    const optional = entry.type === 'exact_optional' || entry.type === 'optional' || entry.type === 'nullish';
    if (optional && entry.default !== undefined) {
      if (typeof entry.default === 'function') return null;
      whenMissing.push(2);
      defaults.push(entry.default);
    } else {
      whenMissing.push(optional ? 1 : 0);
      defaults.push(undefined);
    }
    keys.push(key);
    values.push(fast);
  }
  // Generated once per object schema: each key read and written by name, so
  // V8 keeps one shape per site (a loop over the keys made every access
  // megamorphic, a third of the whole parse).
  const lines = keys.map((key, i) => {
    const name = JSON.stringify(key);
    const set = `if (value === NOT_VALID) return NOT_VALID; output[${name}] = value;`;
    if (whenMissing[i] === 0) return `if (!(${name} in input)) return NOT_VALID; value = f${i}(input[${name}]); ${set}`;
    if (whenMissing[i] === 2) return `value = ${name} in input ? f${i}(input[${name}]) : f${i}(d[${i}]); ${set}`;
    return `if (${name} in input) { value = f${i}(input[${name}]); ${set} }`;
  });
  try {
    const factory = new Function(
      'f',
      'd',
      'NOT_VALID',
      `${keys.map((_, i) => `const f${i} = f[${i}];`).join(' ')}
return function (input) {
  if (!input || typeof input !== 'object') return NOT_VALID;
  const output = {};
  let value;
  ${lines.join('\n  ')}
  return output;
};`,
    ) as (f: Fast[], d: unknown[], notValid: typeof NOT_VALID) => Fast;
    return factory(values, defaults, NOT_VALID);
  } catch {
    // Node run with --disallow-code-generation-from-strings: the same, in a loop.
    return (input) => {
      if (!input || typeof input !== 'object') return NOT_VALID;
      const output: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        let value;
        if (key in input) value = values[i]!((input as Record<string, unknown>)[key]);
        else if (whenMissing[i] === 2) value = values[i]!(defaults[i]);
        else if (whenMissing[i] === 1) continue;
        else return NOT_VALID;
        if (value === NOT_VALID) return NOT_VALID;
        output[key] = value;
      }
      return output;
    };
  }
}

/**
 * Gives `schema` the compiled path for valid input (its own run for the
 * rest); nothing when it holds a kind not compiled here. Returns `schema`.
 */
export function withFastValidPath<S extends v.GenericSchema>(schema: S): S {
  const node = schema as unknown as Node;
  const fast = compile(node);
  if (!fast) return schema;
  const slow = node['~run'];
  node['~run'] = function (dataset, config) {
    const output = fast(dataset.value);
    if (output === NOT_VALID) return slow.call(this, dataset, config);
    dataset.typed = true;
    dataset.value = output;
    return dataset;
  };
  return schema;
}
