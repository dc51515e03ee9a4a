/** The build's route budgets read the chunk graph from Vite's manifest (cli/route-sizes.ts). */
import { describe, expect, it } from 'vitest';
import { ROUTES, routeFiles, type Manifest } from '../../src/server/cli/route-sizes.js';

// The shape `vite build` writes: the entry imports a shared vendor chunk and loads the area lazily; the
// area and the screen share a chunk, and the screen lazily loads a form nobody needs at first.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], dynamicImports: ['src/area.tsx'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/area.tsx': { file: 'assets/area-1.js', isDynamicEntry: true, imports: ['index.html', '_shared-1.js'], dynamicImports: ['src/screen.tsx'] },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_react-1.js'], css: ['assets/shared-1.css'] },
  'src/screen.tsx': { file: 'assets/screen-1.js', isDynamicEntry: true, imports: ['_shared-1.js', '_grid-1.js'], dynamicImports: ['src/form.tsx'] },
  '_grid-1.js': { file: 'assets/grid-1.js' },
  'src/form.tsx': { file: 'assets/form-1.js', isDynamicEntry: true, imports: ['_shared-1.js'] },
};

describe('routeFiles', () => {
  it('is the entry and its static imports for the sign-in page', () => {
    expect(routeFiles(manifest, ['index.html'])).toEqual({ js: ['assets/index-1.js', 'assets/react-1.js'], css: ['assets/index-1.css'] });
  });

  it('adds the lazy chunks a route starts and their static imports, each once, but not what they load later', () => {
    const { js, css } = routeFiles(manifest, ['index.html', 'src/area.tsx', 'src/screen.tsx']);
    expect(js.sort()).toEqual(['assets/area-1.js', 'assets/grid-1.js', 'assets/index-1.js', 'assets/react-1.js', 'assets/screen-1.js', 'assets/shared-1.js']);
    expect(css.sort()).toEqual(['assets/index-1.css', 'assets/shared-1.css']);
  });

  it('finds a lazy screen that other lazy chunks import too under its shared chunk\'s key (_<name>-<hash>.js)', () => {
    const shared: Manifest = {
      ...manifest,
      'src/area.tsx': { ...manifest['src/area.tsx']!, dynamicImports: ['_list-9.js'] },
      '_list-9.js': { file: 'assets/list-9.js', name: 'list', imports: ['_shared-1.js'] },
      'src/tabs.tsx': { file: 'assets/tabs-1.js', isDynamicEntry: true, imports: ['_list-9.js'] },
    };
    expect(routeFiles(shared, ['index.html', 'src/area.tsx', 'src/list.tsx']).js.sort())
      .toEqual(['assets/area-1.js', 'assets/index-1.js', 'assets/list-9.js', 'assets/react-1.js', 'assets/shared-1.js']);
  });

  it('tells two shared chunks of one name apart by the one loaded lazily (the users declaration, not the users API)', () => {
    const twins: Manifest = {
      ...manifest,
      'index.html': { ...manifest['index.html']!, dynamicImports: ['src/area.tsx', '_users-2.js'] },
      'src/area.tsx': { ...manifest['src/area.tsx']!, imports: ['index.html', '_shared-1.js', '_users-1.js'] },
      '_users-1.js': { file: 'assets/users-1.js', name: 'users' },
      '_users-2.js': { file: 'assets/users-2.js', name: 'users', imports: ['_react-1.js'] },
    };
    expect(routeFiles(twins, ['src/resources/users.ts']).js.sort()).toEqual(['assets/react-1.js', 'assets/users-2.js']);
  });

  it('fails on a chunk the manifest does not have (a renamed screen must not shrink its route to nothing)', () => {
    expect(() => routeFiles(manifest, ['index.html', 'src/gone.tsx'])).toThrow(/src\/gone\.tsx/);
  });
});

describe('the budgets', () => {
  it('cover the sign-in page, a list and the user detail, and keep AG Grid off the sign-in page', () => {
    expect(ROUTES.map((r) => [r.name, r.budgetKb])).toEqual([
      ['sign-in (/login)', 115], ['list (/user-directory)', 350], ['user detail (/user-directory/<uid>)', 235],
    ]);
    expect(ROUTES[0].noGrid).toBe(true);
  });
});
