import { useErrorText } from '@/components/form';
import {
  type CreateRequestBody,
  createRequestBody,
  type LeavePreview,
  type LeaveType,
  timeOffApi,
} from '@contract/time-off';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '@/lib/api';

export type RequestValues = {
  typeId?: string;
  startDate?: string;
  endDate?: string;
  startHalf?: boolean;
  endHalf?: boolean;
  hours?: number;
  note?: string;
};

/**
 * The body a request sends, fitted to its type: half ends only where the type has them, hours only
 * for an hourly type (which is taken on one day).
 */
export function requestBody(values: RequestValues, type: LeaveType | undefined): RequestValues {
  const hourly = type?.hours ?? false;
  const halves = type?.halfDays ?? false;
  return {
    ...values,
    endDate: hourly ? values.startDate : values.endDate,
    startHalf: halves ? Boolean(values.startHalf) : false,
    endHalf: halves ? Boolean(values.endHalf) : false,
    hours: hourly ? values.hours : undefined,
  };
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * What the request would cost, asked of the server as the form changes (docs/product/time-off.md#requests):
 * only once the values are a valid request; a refusal of the form's own rules comes back as an error.
 */
export function usePreview(body: RequestValues) {
  const key = JSON.stringify(body);
  const debounced = useDebounced(key, 250);
  const parsed = createRequestBody.safeParse(JSON.parse(debounced));
  const query = useQuery<LeavePreview, Error>({
    queryKey: ['leave-preview', debounced],
    queryFn: ({ signal }) => call(timeOffApi.preview, { body: parsed.data as CreateRequestBody }, signal),
    enabled: parsed.success,
    retry: false,
    staleTime: 0,
  });
  /** the form's own rule the values break, before anything is asked (an end before the start) */
  const errorText = useErrorText({ load: true });
  const invalid = parsed.success
    ? null
    : (errorText(parsed.error.issues.find((i) => i.path[0] !== 'typeId')?.message) ?? null);
  return { ...query, invalid };
}
