/**
 * The order files are handed to the workers. Vitest's own runs each project's files together (in the order of
 * the project names, the longest first where it knows their time, the largest otherwise): `npm test` ran every
 * client file first and then the eleven journeys two at a time, each mostly waiting on its browser and server,
 * so the machine sat ~30 % idle for the ~140 s of the journeys (CI, 2026-11-28).
 * Here the journeys are spread among the client files instead, one in every few, after the first ones: about
 * one journey runs at a time, beside client files that keep the other core busy. (Not from the very start: in
 * CI the journeys' demo templates are seeded in the background from e2e's global setup, and a journey started
 * before its template is ready waits for it.) Everything else keeps Vitest's order, and a run without both
 * projects is left as it is.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Client files run before the first journey. */
const LEAD = 12;

export class JourneysAmongClientFiles extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const of = (name: string) => sorted.filter((f) => f.project.name === name);
    const journeys = of('e2e');
    const client = of('client');
    if (journeys.length === 0 || client.length <= LEAD) return sorted;
    const others = sorted.filter((f) => f.project.name !== 'e2e' && f.project.name !== 'client');
    // Every `step` client files after the lead, one journey; those left over go after the last client file.
    const step = Math.max(1, Math.floor((client.length - LEAD) / journeys.length));
    const merged = client.slice(0, LEAD);
    for (let i = LEAD; i < client.length; i++) {
      if ((i - LEAD) % step === 0 && journeys.length) merged.push(journeys.shift()!);
      merged.push(client[i]!);
    }
    merged.push(...journeys);
    // groupOrder still rules: the client and e2e projects are of the first group, as everything else before
    // the reliability suite's fault files, which stay last.
    const first = others.filter((f) => f.project.config.sequence.groupOrder <= 0);
    const later = others.filter((f) => f.project.config.sequence.groupOrder > 0);
    return [...merged, ...first, ...later];
  }
}
