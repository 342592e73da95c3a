/**
 * Writes src/sim/api/openapi-fields.ts: the field names and types of src/sim/api/openapi-schema.ts
 * without the descriptions, small enough for the API server to decode requests with on every
 * host (the full schema, descriptions included, loads only for `kubectl explain` and the editor).
 * Run: node --import tsx bin/gen-openapi-fields.ts (tests/unit/api/openapi-fields.test.ts checks
 * the file is up to date).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderOpenAPIFields } from '../src/sim/api/openapi-fields-render';

writeFileSync(fileURLToPath(new URL('../src/sim/api/openapi-fields.ts', import.meta.url)), renderOpenAPIFields());
