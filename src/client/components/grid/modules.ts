/**
 * The AG Grid modules the console uses, and nothing else (toolchain notes §2: every module left out is
 * ~kilobytes not shipped). Paging and filtering happen on the server, so the client-side row model
 * holds one page; sorting only drives the header arrows and the URL. Development builds add the
 * validation module, which names any feature used without its module (error #200).
 */
import {
  CellStyleModule, ClientSideRowModelModule, ModuleRegistry, RowApiModule, RowStyleModule, ScrollApiModule, ValidationModule,
  type Module,
} from 'ag-grid-community';

const modules: Module[] = [ClientSideRowModelModule, CellStyleModule, RowStyleModule, RowApiModule, ScrollApiModule];
if (import.meta.env.DEV) modules.push(ValidationModule);

ModuleRegistry.registerModules(modules);
