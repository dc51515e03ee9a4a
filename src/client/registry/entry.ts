/**
 * What the shell knows of a resource before its declaration has loaded: one entry of the generated index
 * (index.generated.ts). A full Resource is one too, so the routing helpers (resource-ui/presentation.ts)
 * take either.
 */
import type { FieldKind, ListTabDef, Operation, Resource } from '../../shared/resources/define';

/** The parts of a declaration the route table, the guard, the recent records and a direct link read. */
export type Indexed = Pick<Resource, 'name' | 'route' | 'formRoute' | 'view' | 'label' | 'labelPlural' | 'subject' | 'key'
  | 'service' | 'detail' | 'form' | 'embedded' | 'addPage'> & {
  /** Which calls the service has: `true` per operation in the index. */
  endpoints: Partial<Record<Operation, unknown>>;
  /** Only whether the list has a grouping tab, and its tabs. */
  list: { tabs?: readonly ListTabDef[]; groups?: unknown };
  /** The key field's and the detail key's kind ("Adjustment #7": an id takes its #). */
  fields: Readonly<Record<string, { kind: FieldKind }>>;
  abilityFor: Partial<Resource['abilityFor']>;
};

/** An index entry: where its declaration is (`file`) and the resources its screens also read (`needs`). */
export interface IndexEntry extends Indexed {
  /** The declaration's file in src/shared/resources, without `.ts`. */
  file: string;
  /** Every resource its screens look up by name (list tabs, row tabs, references, a review's `from`), transitively. */
  needs: readonly string[];
}
