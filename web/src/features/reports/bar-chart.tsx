import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { hours } from './filters';

/** The hover tooltip in the page's colours (recharts draws it white by default). */
const tooltipStyle = {
  backgroundColor: 'var(--color-popover)',
  borderColor: 'var(--color-border)',
  color: 'var(--color-popover-foreground)',
};

export type ChartDatum = { label: string; seconds: number };

/**
 * Hours per group as bars: horizontal for named groups (long labels), vertical for periods. The
 * chart is a picture for sighted readers; the table beside it carries the same figures for
 * everyone else, so the picture is one image with a label rather than a maze of SVG parts.
 */
export function HoursBarChart(props: { data: ChartDatum[]; label: string; orientation: 'rows' | 'columns' }) {
  const { t } = useTranslation('reports');
  const inHours = (value: unknown) => t('chart.hours', { value: formatNumber(Number(value)) });
  const data = props.data.map((d) => ({ label: d.label, hours: hours(d.seconds) }));
  const rows = props.orientation === 'rows';
  const height = rows ? Math.max(160, data.length * 36 + 40) : 260;
  return (
    <div role="img" aria-label={props.label} className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout={rows ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid
            stroke="var(--color-chart-grid)"
            strokeDasharray="3 3"
            horizontal={!rows}
            vertical={rows}
          />
          {rows ? (
            <>
              <XAxis
                type="number"
                tick={{ fontSize: 12, fill: 'var(--color-chart-axis)' }}
                tickFormatter={inHours}
              />
              <YAxis
                type="category"
                dataKey="label"
                width={110}
                tick={{ fontSize: 12, fill: 'var(--color-chart-label)' }}
                tickFormatter={(v: string) => (v.length > 16 ? `${v.slice(0, 15)}…` : v)}
              />
            </>
          ) : (
            <>
              <XAxis
                dataKey="label"
                tick={{ fontSize: 11, fill: 'var(--color-chart-axis)' }}
                interval="preserveStartEnd"
              />
              <YAxis
                tick={{ fontSize: 12, fill: 'var(--color-chart-axis)' }}
                width={48}
                tickFormatter={inHours}
              />
            </>
          )}
          <Tooltip
            formatter={(value) => [inHours(value), t('chart.tracked')]}
            cursor={{ fill: 'var(--color-chart-cursor)' }}
            contentStyle={tooltipStyle}
          />
          <Bar
            dataKey="hours"
            fill="var(--color-chart-1)"
            radius={3}
            maxBarSize={40}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Two or more figures per person side by side (attended and tracked; expected and tracked). */
export function CompareBarChart(props: {
  data: { label: string; values: number[] }[];
  series: { name: string; color: string }[];
  label: string;
}) {
  const { t } = useTranslation('reports');
  const inHours = (value: unknown) => t('chart.hours', { value: formatNumber(Number(value)) });
  const data = props.data.map((d) =>
    Object.fromEntries([['label', d.label], ...d.values.map((v, i) => [`s${i}`, hours(v)])]),
  );
  const height = Math.max(180, props.data.length * (20 * props.series.length + 16) + 70);
  return (
    <div role="img" aria-label={props.label} className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="var(--color-chart-grid)" strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            tick={{ fontSize: 12, fill: 'var(--color-chart-axis)' }}
            tickFormatter={inHours}
          />
          <YAxis
            type="category"
            dataKey="label"
            width={110}
            tick={{ fontSize: 12, fill: 'var(--color-chart-label)' }}
            tickFormatter={(v: string) => (v.length > 16 ? `${v.slice(0, 15)}…` : v)}
          />
          <Tooltip
            formatter={(value) => inHours(value)}
            cursor={{ fill: 'var(--color-chart-cursor)' }}
            contentStyle={tooltipStyle}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {props.series.map((s, i) => (
            <Bar
              key={s.name}
              dataKey={`s${i}`}
              name={s.name}
              fill={s.color}
              radius={3}
              maxBarSize={18}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
