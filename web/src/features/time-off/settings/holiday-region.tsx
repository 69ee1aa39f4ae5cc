import { regionSchema } from '@contract/time-off';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { applyServerErrors, ComboboxField, Form, SelectField, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useRegion, useSaveRegion } from '../api';

/**
 * The organisation's country and region, whose public holidays are days off
 * (docs/product/time-off.md#holidays). Choosing a country lists its regions before saving.
 */
export function HolidayRegion() {
  const { t } = useTranslation('time-off');
  const saved = useRegion();
  const save = useSaveRegion();
  const form = useZodForm(regionSchema, { defaultValues: { country: null, region: null } });
  const country = useWatch({ control: form.control, name: 'country' }) ?? undefined;
  const picked = useRegion(country);
  useEffect(() => {
    if (saved.data) form.reset({ country: saved.data.country, region: saved.data.region });
  }, [saved.data, form]);
  const regions = picked.data?.regions ?? [];
  const region = useWatch({ control: form.control, name: 'region' });
  // Another country's regions: a region of the one before does not carry over.
  useEffect(() => {
    if (
      !picked.isPlaceholderData &&
      region &&
      picked.data &&
      !picked.data.regions.some((r) => r.code === region)
    )
      form.setValue('region', null);
  }, [picked.data, picked.isPlaceholderData, region, form]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.region.title')}</CardTitle>
        <CardDescription>{t('settings.region.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {saved.isLoading ? (
          <Skeleton className="h-20" />
        ) : (
          <Form
            form={form}
            idPrefix="region"
            onSubmit={(values) =>
              save.mutate(
                { body: values },
                {
                  onSuccess: () => toast({ title: t('settings.region.saved') }),
                  onError: (error) => {
                    applyServerErrors(form, error);
                    toast({
                      variant: 'destructive',
                      title: t('settings.saveFailed'),
                      description: error.message,
                    });
                  },
                },
              )
            }
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <ComboboxField
                name="country"
                label={t('settings.region.country')}
                placeholder={t('settings.region.none')}
                options={(saved.data?.countries ?? []).map((c) => ({ value: c.code, label: c.name }))}
              />
              <SelectField
                key={country ?? 'none'}
                name="region"
                label={t('settings.region.region')}
                noneLabel={t('settings.region.wholeCountry')}
                disabled={!country || regions.length === 0}
                options={regions.map((r) => ({ value: r.code, label: r.name }))}
              />
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              {country && (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => form.reset({ country: null, region: null }, { keepDefaultValues: true })}
                >
                  {t('settings.region.none')}
                </Button>
              )}
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('settings.saving') : t('settings.region.save')}
              </Button>
            </div>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
