/**
 * A Vitest reporter that prints, after a run, where its minutes went: each project's summed file time and
 * each test file's own time (environment, setup file, import, tests and hooks), slowest first. CI
 * (.ci/run) runs every suite with it, so a slow new file shows in the log of the run that added it.
 * STEWARD_TIMING_TOP limits the file lines (default 25; 0 prints them all).
 */
import type { Reporter, TestModule } from 'vitest/node';

interface Row { project: string; file: string; at: number; env: number; setup: number; imports: number; tests: number; total: number; state: string }

const s = (ms: number) => (ms / 1000).toFixed(1).padStart(7);

export default class TimingReporter implements Reporter {
  private rows: Row[] = [];
  private started = Date.now();
  /** When each file started, since the run's start: a worker left waiting shows as a gap. */
  private startedAt = new Map<string, number>();

  onTestRunStart(): void { this.started = Date.now(); this.rows = []; this.startedAt.clear(); }

  onTestModuleStart(m: TestModule): void { this.startedAt.set(m.moduleId + m.project.name, Date.now() - this.started); }

  onTestModuleEnd(m: TestModule): void {
    const d = m.diagnostic();
    const env = d.environmentSetupDuration + d.prepareDuration;
    this.rows.push({
      project: m.project.name, file: m.moduleId.replace(`${process.cwd()}/`, ''), at: this.startedAt.get(m.moduleId + m.project.name) ?? 0, env, setup: d.setupDuration,
      imports: d.collectDuration, tests: d.duration, total: env + d.setupDuration + d.collectDuration + d.duration, state: m.state(),
    });
  }

  onTestRunEnd(): void {
    if (this.rows.length === 0) return;
    const wall = Date.now() - this.started;
    const byProject = new Map<string, { files: number; total: number }>();
    for (const r of this.rows) {
      const p = byProject.get(r.project) ?? { files: 0, total: 0 };
      p.files++; p.total += r.total;
      byProject.set(r.project, p);
    }
    const top = Number(process.env.STEWARD_TIMING_TOP ?? 25);
    const sorted = [...this.rows].sort((a, b) => b.total - a.total);
    const lines = [`\n── where the time went: ${(wall / 1000).toFixed(0)} s wall, ${this.rows.length} files ──`];
    for (const [name, p] of byProject) lines.push(`${name.padEnd(12)} ${String(p.files).padStart(4)} files  ${s(p.total)} s summed`);
    lines.push(`${'total s'.padStart(7)} ${'at s'.padStart(7)} ${'env'.padStart(7)} ${'setup'.padStart(7)} ${'import'.padStart(7)} ${'tests'.padStart(7)}  file`);
    for (const r of top > 0 ? sorted.slice(0, top) : sorted) {
      lines.push(`${s(r.total)} ${s(r.at)} ${s(r.env)} ${s(r.setup)} ${s(r.imports)} ${s(r.tests)}  ${r.project}: ${r.file}${r.state === 'failed' ? ' (failed)' : ''}`);
    }
    console.log(lines.join('\n'));
  }
}
