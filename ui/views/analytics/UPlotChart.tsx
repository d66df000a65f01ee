/**
 * One uPlot chart in a resizing container. uPlot (~50 kB, canvas 2D, no dependencies) draws
 * time series of thousands of points in a millisecond or two and redraws only when its data or
 * size changes, so a chart costs no frame time while the globe renders behind it.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UPlotChartProps {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height?: number;
  /** Receives the chart (PNG export) and null when it is destroyed. */
  onChart?: (chart: uPlot | null) => void;
  testId?: string;
}

export function UPlotChart({ options, data, height = 220, onChart, testId }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    const width = Math.max(240, el.clientWidth);
    const chart = new uPlot({ ...options, width, height }, data, el);
    onChart?.(chart);
    const resize = new ResizeObserver(() => {
      const w = Math.max(240, el.clientWidth);
      if (w !== chart.width) chart.setSize({ width: w, height });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      onChart?.(null);
      chart.destroy();
    };
  }, [options, data, height, onChart]);
  return <div ref={box} className="view-chart" data-testid={testId} />;
}

/** The chart's canvas (plot and axes) as a PNG blob. */
export function chartPng(chart: uPlot): Promise<Blob | null> {
  return new Promise((resolve) => {
    chart.ctx.canvas.toBlob(resolve, 'image/png');
  });
}
