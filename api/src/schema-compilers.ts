// Fastify's own schema compilers (Ajv for the input, fast-json-stringify for the answers), each
// distinct schema compiled once per process, on the first request that needs it. Fastify asks for one
// validator per route and part, and one serializer per route and status code: the API's routes
// asked for 116 validators of 45 distinct schemas and 752 serializers of 49 (the shared error
// answers, mostly), and compiling them was most of the time it took to build the app
// (docs/decisions/0079-each-schema-compiled-once.md).
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * `factory`'s compilers, each answering a schema it has compiled before (by its JSON) with the same
 * function. A compiler is made for a set of shared schemas and options; compilers made for equal
 * ones (by their JSON: functions among the options, as Ajv plugins, do not count, and the API
 * passes none) share their functions. A validator or serializer keeps no state between calls that another
 * route could see (Ajv's `errors` is read right after the call that set it), so routes may share one.
 */
function compiledOnce(
  factory: (
    externalSchemas: unknown,
    options: unknown,
  ) => (route: { schema: unknown }) => CompiledSchema,
) {
  const byContext = new Map<string, (route: { schema: unknown }) => CompiledSchema>();
  return (externalSchemas: unknown, options: unknown) => {
    const contextKey = JSON.stringify([externalSchemas, options]);
    let compiler = byContext.get(contextKey);
    if (compiler) return compiler;
    const compile = factory(externalSchemas, options);
    const compiled = new Map<string, CompiledSchema>();
    compiler = (route: { schema: unknown }) => {
      const key = JSON.stringify(route.schema);
      let done = compiled.get(key);
      if (done === undefined) {
        done = onFirstCall(() => compile(route));
        compiled.set(key, done);
      }
      return done;
    };
    byContext.set(contextKey, compiler);
    return compiler;
  };
}

/** A validator (its `errors` set by each call) or a serializer, as Fastify calls them. */
type CompiledSchema = ((data: unknown) => unknown) & { errors?: unknown };

/** What compiles each schema not yet compiled, until it is. */
const notYetCompiled = new Set<() => CompiledSchema>();

/**
 * The function `compile` makes, made on its first call: a route nobody asks for compiles nothing,
 * so the app is built without compiling any schema (tests build dozens of apps, each asked a few
 * routes). A schema Ajv or fast-json-stringify refused would fail its route's first request, not
 * the app's start: the app's test compiles them all (`compileEverySchema`).
 */
function onFirstCall(compile: () => CompiledSchema): CompiledSchema {
  let made: CompiledSchema | undefined;
  const make = () => {
    if (made === undefined) {
      made = compile();
      notYetCompiled.delete(make);
    }
    return made;
  };
  notYetCompiled.add(make);
  const call: CompiledSchema = (data: unknown) => make()(data);
  // Fastify reads a validator's errors from the function right after the call that set them.
  Object.defineProperty(call, 'errors', { get: () => made?.errors });
  return call;
}

/**
 * Compiles every schema the apps built so far asked for and no request has needed yet: a test
 * proves that each compiles, as building the app did when it compiled them all.
 */
export function compileEverySchema(): number {
  const count = notYetCompiled.size;
  for (const make of [...notYetCompiled]) make();
  return count;
}

/** For Fastify's `schemaController.compilersFactory`. */
export const schemaCompilers = {
  buildValidator: compiledOnce(AjvCompiler() as never),
  buildSerializer: compiledOnce(SerializerSelector() as never),
} as unknown as CompilersFactory;
