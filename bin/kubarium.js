#!/usr/bin/env node
// The kubarium CLI: the console over an in-process cluster. TypeScript sources run through tsx.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./cli.ts');
process.exitCode = await main(process.argv.slice(2));
