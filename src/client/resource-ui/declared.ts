/**
 * The full declarations of the listed resources, for the palette's commands and filter queries: their
 * lazy chunks load every declaration (src/shared/resources) with them. Never imported by the shell, which
 * routes by the index (registry/).
 */
import { REGISTRY, RESOURCES, type Resource } from '../../shared/resources';
import { isListed } from './presentation';

/** Every resource with a list route of its own, declared. */
export const listedDeclared = (): Resource[] => RESOURCES.filter(isListed);

/** The resources listed as another resource's list tab (presentation.ts tabResources), declared. */
export const tabDeclared = (): Resource[] =>
  listedDeclared().flatMap((host) => (host.list.tabs ?? []).filter((t) => t.resource !== host.name).map((t) => REGISTRY[t.resource]!));

/** A declaration by the index entry the shell holds. */
export const declaredOf = (r: { name: string }): Resource => REGISTRY[r.name]!;
