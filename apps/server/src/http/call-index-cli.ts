/**
 * Writes CALLS.md at the repository root: every call of the contract with its routes file, service
 * method and tests.
 *   npm run calls:index
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCallIndex, CALL_INDEX_FILE, renderCallIndex, REPO_ROOT } from './call-index.ts';

const { entries, problems } = buildCallIndex();
writeFileSync(join(REPO_ROOT, CALL_INDEX_FILE), renderCallIndex(entries));
console.log(`${CALL_INDEX_FILE}: ${entries.length} calls`);
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exitCode = 1;
