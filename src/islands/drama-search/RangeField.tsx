import { useEffect, useState } from 'react';
import { commitRangeInput, moveRangeSlider, type Bounds, type Range } from '../../lib/drama-search/drama-filter-options.ts';

/** a range's words: its legend, the names of its two inputs and of its two sliders */
export interface RangeLabels {
  legend: string;
  from: string;
  to: string;
  min: string;
  max: string;
}

interface Props {
  /** the query key: the inputs are named `{name}_from` and `{name}_to` (the plain form's fields) */
  name: string;
  labels: RangeLabels;
  /** the words over the two inputs ('From', 'To') */
  sides: { from: string; to: string };
  bounds: Bounds;
  range: Range;
  onChange: (range: Range) => void;
  /** how a value reads under the sliders (e.g. next year as 'N+') */
  format?: (value: number) => string;
  /** id of a datalist offering values for the inputs */
  list?: string;
}

const inputClass =
  'h-9 w-full min-w-0 rounded-md border border-line-strong bg-surface px-2 text-sm text-fg focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none';
const sliderClass =
  'pointer-events-none absolute inset-x-0 top-0 h-5 w-full appearance-none bg-transparent ' +
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-4 [&::-webkit-slider-thumb]:cursor-pointer ' +
  '[&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 ' +
  '[&::-webkit-slider-thumb]:border-surface [&::-webkit-slider-thumb]:bg-accent [&::-webkit-slider-thumb]:shadow ' +
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-4 [&::-moz-range-thumb]:cursor-pointer ' +
  '[&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-surface [&::-moz-range-thumb]:bg-accent';

/**
 * A from-to range (spec 1 §5): two text inputs taking whole numbers within the bounds and not
 * crossing the other side (committed on blur or Enter; empty resets to the bound; anything else is
 * refused and the previous value comes back), and two sliders that keep from <= to.
 */
export default function RangeField({ name, labels, sides, bounds, range, onChange, format = String, list }: Props) {
  const [fromText, setFromText] = useState(String(range[0]));
  const [toText, setToText] = useState(String(range[1]));
  useEffect(() => {
    setFromText(String(range[0]));
    setToText(String(range[1]));
  }, [range]);

  const commit = (side: 'from' | 'to') => {
    const next = commitRangeInput(side === 'from' ? fromText : toText, side, range, bounds);
    // always write back: a refused text shows the kept value again
    setFromText(String(next[0]));
    setToText(String(next[1]));
    if (next[0] !== range[0] || next[1] !== range[1]) onChange(next);
  };
  const span = bounds.max - bounds.min || 1;
  const left = ((range[0] - bounds.min) / span) * 100;
  const right = ((range[1] - bounds.min) / span) * 100;

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-fg">{labels.legend}</legend>
      <div className="mt-2 flex items-center gap-2">
        <label className="flex-1 text-xs text-fg-muted">
          {sides.from}
          <input
            type="text"
            inputMode="numeric"
            name={`${name}_from`}
            aria-label={labels.from}
            value={fromText}
            list={list}
            autoComplete="off"
            onChange={(e) => setFromText(e.target.value)}
            onBlur={() => commit('from')}
            className={`${inputClass} mt-1`}
          />
        </label>
        <span aria-hidden="true" className="mt-5 text-fg-muted">
          –
        </span>
        <label className="flex-1 text-xs text-fg-muted">
          {sides.to}
          <input
            type="text"
            inputMode="numeric"
            name={`${name}_to`}
            aria-label={labels.to}
            value={toText}
            list={list}
            autoComplete="off"
            onChange={(e) => setToText(e.target.value)}
            onBlur={() => commit('to')}
            className={`${inputClass} mt-1`}
          />
        </label>
      </div>
      <div className="relative mt-3 h-5">
        {/* the track and the chosen span, drawn with SVG attributes: a style attribute in the
            server-rendered HTML would need 'unsafe-inline' in the Content-Security-Policy */}
        <svg aria-hidden="true" className="absolute inset-x-0 top-2 h-1 w-full">
          <rect width="100%" height="100%" rx="2" className="fill-line-strong" />
          <rect x={`${left}%`} width={`${right - left}%`} height="100%" rx="2" className="fill-accent" />
        </svg>
        <input
          type="range"
          aria-label={labels.min}
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={range[0]}
          onChange={(e) => onChange(moveRangeSlider(Number(e.target.value), 'from', range, bounds))}
          className={sliderClass}
        />
        <input
          type="range"
          aria-label={labels.max}
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={range[1]}
          onChange={(e) => onChange(moveRangeSlider(Number(e.target.value), 'to', range, bounds))}
          className={sliderClass}
        />
      </div>
      <p className="mt-1 flex justify-between text-xs text-fg-muted">
        <span>{format(range[0])}</span>
        <span>{format(range[1])}</span>
      </p>
    </fieldset>
  );
}
