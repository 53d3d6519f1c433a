import { Type } from '@sinclair/typebox';

export const Uuid = Type.String({ format: 'uuid' });
