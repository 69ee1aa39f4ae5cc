import { settingsApi } from '@contract/settings';
import { zonedDate } from '@contract/zoned-time';
import { useApiQuery } from './api';
import { useCurrentUser } from './auth';
import { browserTimeZone } from './format';

/**
 * The organisation's settings, read for its time zone: the zone of everyone who has none of their
 * own (one cached read for every screen).
 */
export const useOrgSettings = () => useApiQuery(settingsApi.get, {});

/**
 * The signed-in person's own zone: their profile's, else the organisation's
 * (docs/product/time-tracking.md#time-zones). Undefined until the organisation's is known.
 */
export function useOwnTimeZone(): string | undefined {
  const { user } = useCurrentUser();
  const settings = useApiQuery(settingsApi.get, user?.timeZone ? null : {});
  return user?.timeZone ?? settings.data?.timeZone;
}

/** Today in a zone ('YYYY-MM-DD'); the browser's own today until the zone is known. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  return zonedDate(now, timeZone ?? browserTimeZone());
}

/** Every IANA zone this browser knows, by name, with `current` first should the browser not know it. */
export function timeZoneNames(current?: string | null): string[] {
  const zones: string[] =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // Some engines leave UTC out of the list, yet it is a zone people choose.
  const all = zones.includes('UTC') ? zones : [...zones, 'UTC'];
  return current && !all.includes(current) ? [current, ...all] : all;
}
