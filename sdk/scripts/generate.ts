/** `npm run generate -w sdk`: writes src/openapi.ts from the messaging API's declarations. */
import { writeFileSync } from 'node:fs';
import { generateSdkTypes, TYPES_FILE } from './openapi-types';

writeFileSync(TYPES_FILE, await generateSdkTypes());
console.log(`wrote ${TYPES_FILE.pathname}`);
