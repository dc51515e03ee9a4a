/** Global setup of the e2e project: the server serves dist/, so build it when its sources changed (cli/build-if-stale.ts). */
import { buildIfStale } from '../../src/server/cli/build-if-stale.js';

export default async function setup(): Promise<void> {
  await buildIfStale(process.cwd(), () => undefined);
}
