/**
 * A metrics chart's filters: country and time zone (toolbar), and the date choice of the chart card,
 * either Filter Date (1D, 1W, 1M, 1Y, All) or Customised Date (from/to pickers, spec §5 rules). They
 * drive a chart view (state/chart-view.ts): the dashboard's by default, the service-log graph's too.
 * The either/or is a visible choice (issue 29 item 17): two radios (arrow keys move between them, as
 * in any radio group), and only the chosen one's inputs shown. Choosing commits nothing: the chart keeps
 * its view until a period is pressed or a range searched; a view applied by any means (a button, the
 * palette, Back, a link) sets the choice to its own kind.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { COUNTRIES } from '../../../shared/countries';
import { DATE_RANGE_MESSAGES, PERIOD_BUTTONS } from '../../../shared/metrics';
import { timeZoneOptions } from '../../../shared/time-zones';
import { dashboardView } from '../../state/dashboard';
import { localToday, type ChartView } from '../../state/chart-view';
import { zoneLabel } from './spans';

const COUNTRY_OPTIONS = [...COUNTRIES].sort((a, b) => a.text.localeCompare(b.text, 'en'));

/** The chart view the filters drive. */
interface Props { view?: ChartView<object>; label?: string }

export function ScopeFilters({ view = dashboardView, label = 'Dashboard scope' }: Props) {
  const s = useSnapshot(view.state);
  const zones = timeZoneOptions();
  return (
    <div className="dash-scope" role="group" aria-label={label}>
      <label className="dash-select">
        <span className="field-label">Country</span>
        <select className="input" value={s.country} onChange={(e) => void view.setCountry(e.target.value)}>
          <option value="">All Countries</option>
          {COUNTRY_OPTIONS.map((c) => <option key={c.value} value={c.value}>{c.text}</option>)}
        </select>
      </label>
      <label className="dash-select">
        <span className="field-label">Time zone</span>
        <select className="input" value={s.timeZone} onChange={(e) => void view.setTimeZone(e.target.value)}>
          {zones.map((z) => <option key={z} value={z}>{zoneLabel(z)}</option>)}
        </select>
      </label>
    </div>
  );
}

type DateChoice = 'period' | 'range';

const CHOICES: readonly { value: DateChoice; label: string }[] = [
  { value: 'period', label: 'Filter Date' },
  { value: 'range', label: 'Customised Date' },
];

export function DateFilters({ view = dashboardView }: Props) {
  const s = useSnapshot(view.state);
  const today = localToday();
  const name = useId();
  const [choice, setChoice] = useState<DateChoice>(s.mode);
  useEffect(() => setChoice(s.mode), [s.mode, s.period, s.applied]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void view.applyRange(localToday());
  };
  const err = (f: 'from' | 'to') => s.rangeErrors[f] && DATE_RANGE_MESSAGES[s.rangeErrors[f]!];
  return (
    <div className="dash-dates">
      <fieldset className="dash-choice">
        <legend className="sr-only">Date</legend>
        {CHOICES.map((c) => (
          <label key={c.value} className="dash-choice-opt">
            <input type="radio" name={name} value={c.value} checked={choice === c.value} onChange={() => setChoice(c.value)} />
            <span>{c.label}</span>
          </label>
        ))}
      </fieldset>
      {choice === 'period' ? (
        <div className="dash-segment" role="group" aria-label="Filter Date">
          {PERIOD_BUTTONS.map((b) => (
            <button key={b.period} type="button" className="dash-segment-btn"
              aria-pressed={s.mode === 'period' && s.period === b.period}
              onClick={() => void view.setPeriod(b.period)}>
              {b.label}
            </button>
          ))}
        </div>
      ) : (
        <form className="dash-range" aria-label="Customised Date" onSubmit={submit} noValidate>
          {(['from', 'to'] as const).map((f) => (
            <div key={f} className={`dash-date${err(f) ? ' field-invalid' : ''}`}>
              <input type="date" className="input" value={s[f]} max={today} aria-label={f === 'from' ? 'From date' : 'To date'}
                aria-invalid={err(f) ? true : undefined} aria-describedby={err(f) ? `dash-${f}-err` : undefined}
                onChange={(e) => view.setRangeField(f, e.target.value)} />
              {err(f) && <span className="field-error" id={`dash-${f}-err`}>{err(f)}</span>}
            </div>
          ))}
          <button type="submit" className={`btn btn-sm ${s.mode === 'range' ? 'btn-primary' : 'btn-secondary'}`}>
            Search
          </button>
        </form>
      )}
    </div>
  );
}
