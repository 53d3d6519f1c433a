// Fastify's own schema compilers (Ajv for the input, fast-json-stringify for the answers), each
// distinct schema compiled once per process. Fastify asks for one validator per route and part, and
// one serializer per route and status code: the API's routes asked for 116 validators of 45
// distinct schemas and 752 serializers of 49 (the shared error answers, mostly), and compiling them
// was most of the time it took to build the app (docs/decisions/0079-each-schema-compiled-once.md).
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
function compiledOnce<Compiled>(
  factory: (externalSchemas: unknown, options: unknown) => (route: { schema: unknown }) => Compiled,
) {
  const byContext = new Map<string, (route: { schema: unknown }) => Compiled>();
  return (externalSchemas: unknown, options: unknown) => {
    const contextKey = JSON.stringify([externalSchemas, options]);
    let compiler = byContext.get(contextKey);
    if (compiler) return compiler;
    const compile = factory(externalSchemas, options);
    const compiled = new Map<string, Compiled>();
    compiler = (route: { schema: unknown }) => {
      const key = JSON.stringify(route.schema);
      let done = compiled.get(key);
      if (done === undefined) {
        done = compile(route);
        compiled.set(key, done);
      }
      return done;
    };
    byContext.set(contextKey, compiler);
    return compiler;
  };
}

/** For Fastify's `schemaController.compilersFactory`. */
export const schemaCompilers = {
  buildValidator: compiledOnce(AjvCompiler() as never),
  buildSerializer: compiledOnce(SerializerSelector() as never),
} as unknown as CompilersFactory;
