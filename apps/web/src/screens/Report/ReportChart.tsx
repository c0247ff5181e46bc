import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartDay {
  /** `YYYY-MM-DD` in the operator's timezone. */
  day: string;
  /** Micro-units: payout minus bet. */
  winLose: bigint;
  /** Micro-units of valid bets. */
  turnover: bigint;
}

export interface ReportChartProps {
  days: ChartDay[];
  labels: { win: string; loss: string; turnover: string };
  /** Formats an axis tick (plain units) as the screen does its amounts. */
  formatTick(value: number): string;
}

const HEIGHT = 200;

/** Colours come from the theme's tokens, read when the chart is drawn, so light and dark both fit. */
function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || 'currentColor';
}

/**
 * Plot positions only: a chart draws in floating point pixels. Every amount the player reads as
 * text stays exact (bigint) elsewhere on the screen.
 */
const plotUnits = (micro: bigint) => Number(micro) / 1e6;

function options(width: number, { days, labels, formatTick }: ReportChartProps): uPlot.Options {
  const text = token('--c-text-2');
  const grid = token('--c-line');
  const bars = uPlot.paths.bars!({ size: [0.7, 28], align: 0 });
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { show: false }, font: '11px system-ui, sans-serif' };
  return {
    width,
    height: HEIGHT,
    padding: [12, 4, 0, 4],
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 6 } },
    scales: { x: { time: false, range: (_u, min, max) => [min - 0.6, max + 0.6] }, money: { auto: true }, turnover: { auto: true } },
    axes: [
      {
        ...axis,
        size: 30,
        grid: { show: false },
        splits: () => days.map((_, index) => index),
        // A label every few days keeps thirty days legible on a phone.
        values: (_u, splits) => splits.map((index) => (index % Math.max(1, Math.ceil(days.length / 6)) === 0 ? (days[index]?.day.slice(5) ?? '') : '')),
      },
      { ...axis, scale: 'money', size: 52, values: (_u, splits) => splits.map(formatTick) },
      { ...axis, scale: 'turnover', side: 1, size: 52, grid: { show: false }, values: (_u, splits) => splits.map(formatTick) },
    ],
    series: [
      {},
      { label: labels.win, scale: 'money', fill: token('--c-success'), stroke: token('--c-success'), width: 0, paths: bars, points: { show: false } },
      { label: labels.loss, scale: 'money', fill: token('--c-danger'), stroke: token('--c-danger'), width: 0, paths: bars, points: { show: false } },
      { label: labels.turnover, scale: 'turnover', stroke: token('--c-brand'), width: 2, points: { show: days.length <= 10, size: 5 } },
    ],
  };
}

function series(days: ChartDay[]): uPlot.AlignedData {
  return [
    days.map((_, index) => index),
    days.map((d) => (d.winLose > 0n ? plotUnits(d.winLose) : null)),
    days.map((d) => (d.winLose < 0n ? plotUnits(d.winLose) : null)),
    days.map((d) => plotUnits(d.turnover)),
  ];
}

/** Daily win/loss as bars (won above, lost below the line) and valid turnover as a line on its own scale. */
export default function ReportChart(props: ReportChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { days, labels, formatTick } = props;
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const width = () => Math.max(200, Math.floor(target.clientWidth));
    const plot = new uPlot(options(width(), { days, labels, formatTick }), series(days), target);
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, labels, formatTick]);
  // Time runs left to right in every language, as on every chart the player knows.
  return <div ref={box} className="report-chart__plot" dir="ltr" data-testid="report-chart-plot" />;
}
