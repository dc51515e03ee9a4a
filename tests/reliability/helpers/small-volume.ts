/**
 * A small volume of its own (a tmpfs mount, as root) that a test can fill to the brim and free again:
 * where a database keeps its data when the disk runs full.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallVolume {
  dir: string;
  /** Free bytes now. */
  free(): number;
  /** Takes all but `leave` bytes of the free space (a file of its own). */
  fill(leave: number): void;
  /** Gives that space back. */
  release(): void;
  unmount(): void;
}

/** Whether this process may mount a tmpfs (root, and a kernel that lets it), found out by trying. */
export function canMount(): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'steward-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function smallVolume(megabytes: number): SmallVolume {
  const dir = mkdtempSync(join(tmpdir(), 'steward-small-volume-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=755`, 'tmpfs', dir]);
  const filler = join(dir, 'filler');
  const free = () => { const s = statfsSync(dir); return s.bavail * s.bsize; };
  return {
    dir,
    free,
    fill: (leave) => {
      const bytes = free() - leave;
      if (bytes > 0) execFileSync('fallocate', ['-l', String(bytes), filler]);
    },
    release: () => rmSync(filler, { force: true }),
    unmount: () => {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
