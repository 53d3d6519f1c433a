import fp from 'fastify-plugin';
import { firstTextProblem } from '@verity/shared-api/src/server';
import { invalid } from '../../errors';

/**
 * Refuses, on every route, path parameters, query values and JSON bodies (property names included)
 * holding NUL, other control characters or lone surrogates: 400 before any schema, rule or query
 * sees them. Multipart fields are checked where they are read (remark-attachments).
 */
export default fp(
  async (fastify) => {
    fastify.addHook('preValidation', async (request) => {
      const problem =
        firstTextProblem(request.params) ??
        firstTextProblem(request.query) ??
        firstTextProblem(request.body);
      if (problem) throw invalid(problem);
    });
  },
  { name: 'input-text' },
);
