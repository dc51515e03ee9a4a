/**
 * The full declarations of the listed resources, for the palette's commands and filter queries: their
 * lazy chunks load every declaration (src/shared/resources) with them. Never imported by the shell, which
 * routes by the index (registry/); the lists are the index's (presentation.ts), declared.
 */
import { REGISTRY, type Resource } from '../../shared/resources';
import { listedResources, tabResources } from './presentation';

/** A declaration by the index entry the shell holds. */
export const declaredOf = (r: { name: string }): Resource => REGISTRY[r.name]!;

/** Every resource with a list route of its own, declared. */
export const listedDeclared = (): Resource[] => listedResources().map(declaredOf);

/** The resources listed as another resource's list tab (presentation.ts tabResources), declared. */
export const tabDeclared = (): Resource[] => tabResources().map(declaredOf);
