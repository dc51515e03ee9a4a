/**
 * Global setup of the e2e project: the server serves dist/, so build it when its sources changed
 * (cli/build-if-stale.ts). In CI it also starts seeding the journeys' demo templates in the background
 * (browser.ts warmJourneyTemplates), beside the build and the other projects' files.
 */
import { buildIfStale } from '../../src/server/cli/build-if-stale.js';
import { serverBundle } from '../../src/server/cli/server-bundle.js';
import { warmJourneyTemplates } from './browser.js';

export default async function setup(): Promise<() => Promise<void>> {
  const warming = process.env.CI ? warmJourneyTemplates() : Promise.resolve();
  // The journeys' servers run the server's bundle (cli/server-bundle.ts), made once here.
  await Promise.all([buildIfStale(process.cwd(), () => undefined), serverBundle()]);
  // A seed still running when the run ends is waited for, not left behind as an orphaned server.
  return async () => { await warming; };
}
