/**
 * The dashboard's filters: country and time zone (toolbar), and the date choice of the chart card,
 * either Filter Date (1D, 1W, 1M, 1Y, All) or Customised Date (from/to pickers, spec §5 rules).
 */
import { useMemo, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { COUNTRIES } from '../../../shared/countries';
import { DATE_RANGE_MESSAGES, DEFAULT_TIME_ZONE, PERIOD_BUTTONS } from '../../../shared/metrics';
import {
  applyRange, dashboard, setCountry, setPeriod, setRangeField, setTimeZone,
} from '../../state/dashboard';

const COUNTRY_OPTIONS = [...COUNTRIES].sort((a, b) => a.text.localeCompare(b.text, 'en'));

/** Every IANA zone the browser knows, UTC first (Intl's list leaves UTC out). */
function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [DEFAULT_TIME_ZONE, ...all.filter((z) => z !== DEFAULT_TIME_ZONE)];
}

/** The viewer's local date: what the pickers show, and so what "today" means for them. */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export function ScopeFilters() {
  const s = useSnapshot(dashboard);
  const zones = useMemo(timeZones, []);
  return (
    <div className="dash-scope" role="group" aria-label="Dashboard scope">
      <label className="dash-select">
        <span className="field-label">Country</span>
        <select className="input" value={s.country} onChange={(e) => void setCountry(e.target.value)}>
          <option value="">All Countries</option>
          {COUNTRY_OPTIONS.map((c) => <option key={c.value} value={c.value}>{c.text}</option>)}
        </select>
      </label>
      <label className="dash-select">
        <span className="field-label">Time zone</span>
        <select className="input" value={s.timeZone} onChange={(e) => void setTimeZone(e.target.value)}>
          {zones.map((z) => <option key={z} value={z}>{z.replace(/_/g, ' ')}</option>)}
        </select>
      </label>
    </div>
  );
}

export function DateFilters() {
  const s = useSnapshot(dashboard);
  const today = localToday();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void applyRange(localToday());
  };
  const err = (f: 'from' | 'to') => s.rangeErrors[f] && DATE_RANGE_MESSAGES[s.rangeErrors[f]!];
  return (
    <div className="dash-dates">
      <div className="dash-segment" role="group" aria-label="Filter Date">
        {PERIOD_BUTTONS.map((b) => (
          <button key={b.period} type="button" className="dash-segment-btn"
            aria-pressed={s.mode === 'period' && s.period === b.period}
            onClick={() => void setPeriod(b.period)}>
            {b.label}
          </button>
        ))}
      </div>
      <form className="dash-range" aria-label="Customised Date" onSubmit={submit} noValidate>
        {(['from', 'to'] as const).map((f) => (
          <div key={f} className={`dash-date${err(f) ? ' field-invalid' : ''}`}>
            <input type="date" className="input" value={s[f]} max={today} aria-label={f === 'from' ? 'From date' : 'To date'}
              aria-invalid={err(f) ? true : undefined} aria-describedby={err(f) ? `dash-${f}-err` : undefined}
              onChange={(e) => setRangeField(f, e.target.value)} />
            {err(f) && <span className="field-error" id={`dash-${f}-err`}>{err(f)}</span>}
          </div>
        ))}
        <button type="submit" className={`btn btn-sm ${s.mode === 'range' ? 'btn-primary' : 'btn-secondary'}`}>
          Search
        </button>
      </form>
    </div>
  );
}
