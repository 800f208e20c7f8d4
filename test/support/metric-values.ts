import type { Registry } from 'prom-client';

/**
 * The value of one series of a metric in a prom-client registry: the sample whose labels are
 * exactly `labels` (a histogram's `_count` or `_sum` by `sample`). 0 when the series is absent.
 */
export async function metricValue(registry: Registry, name: string, labels: Record<string, string> = {}, sample?: string): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name} in the registry`);
  const { values } = await metric.get();
  const wanted = sample ?? name;
  const match = (values as { value: number; labels: object; metricName?: string }[]).find((v) => (v.metricName ?? name) === wanted && sameLabels(v.labels as Record<string, unknown>, labels));
  return match?.value ?? 0;
}

const sameLabels = (a: Record<string, unknown>, b: Record<string, string>): boolean => {
  const keys = Object.keys(a).filter((k) => k !== 'le');
  return keys.length === Object.keys(b).length && keys.every((k) => String(a[k]) === b[k]) && !('le' in a);
};
