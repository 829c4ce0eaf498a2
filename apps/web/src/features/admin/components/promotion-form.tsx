/**
 * The store-wide promotion: a percentage off every paid book until an end date, switched on or off.
 * The server refuses what is out of range (over 90%, an end date already past) and says why.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  PROMOTION_MAX_PERCENT,
  PROMOTION_MIN_PERCENT,
  PROMOTION_PERCENT_MESSAGE,
  type PromotionSetting,
} from '@ebook/shared';
import { FormField } from '@/components/ui/form-field';
import { showError, showSuccess } from '@/lib/alerts';
import { errorReason } from '@/lib/errors';
import { usePromotionSetting, useSavePromotion } from '../api/promotion';
import { Button } from '@/components/ui/button';

const formSchema = z.object({
  percentOff: z.coerce
    .number({ error: PROMOTION_PERCENT_MESSAGE })
    .int(PROMOTION_PERCENT_MESSAGE)
    .min(PROMOTION_MIN_PERCENT, PROMOTION_PERCENT_MESSAGE)
    .max(PROMOTION_MAX_PERCENT, PROMOTION_PERCENT_MESSAGE),
  endsOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the last day of the promotion.'),
  active: z.boolean(),
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

/** The promotion runs to the end of its last day, in the admin's time zone. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();
const dayOf = (iso: string) => {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

function defaults(setting: PromotionSetting | undefined): FormInput {
  const promotion = setting?.promotion;
  if (!promotion)
    return { percentOff: 25, endsOn: dayOf(new Date(Date.now() + 30 * 86_400_000).toISOString()), active: false };
  return { percentOff: promotion.percentOff, endsOn: dayOf(promotion.endsAt), active: promotion.active };
}

export function PromotionForm() {
  const headingId = useId();
  const setting = usePromotionSetting();
  const save = useSavePromotion();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(undefined),
  });

  useEffect(() => {
    if (setting.data) reset(defaults(setting.data));
  }, [setting.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ percentOff: values.percentOff, endsAt: endOfDay(values.endsOn), active: values.active });
      void showSuccess('Saved', 'Promotion saved.');
    } catch (error) {
      void showError('Error', 'Failed to save the promotion.', errorReason(error));
    }
  });

  const promotion = setting.data?.promotion;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-serif text-xl font-bold text-stone-900">
          Store Promotion
        </h2>
        <span
          data-testid="promotion-status"
          className={`rounded-full px-3 py-1 text-xs font-semibold ${
            promotion?.running ? 'bg-emerald-100 text-emerald-800' : 'bg-stone-100 text-stone-700'
          }`}
        >
          {promotion?.running ? `Running: ${promotion.percentOff}% off` : 'No promotion running'}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        A percentage off every paid book until the end of the chosen day. Shoppers see the old and the new price.
      </p>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 grid gap-4 sm:grid-cols-[10rem_12rem_auto_auto] sm:items-start"
      >
        <FormField
          label="Discount (%)"
          type="number"
          inputMode="numeric"
          min={PROMOTION_MIN_PERCENT}
          max={PROMOTION_MAX_PERCENT}
          error={errors.percentOff?.message}
          {...register('percentOff')}
        />
        <FormField label="Last day" type="date" error={errors.endsOn?.message} {...register('endsOn')} />
        <label className="flex items-center gap-2 pt-8 text-sm font-medium text-stone-800">
          <input type="checkbox" className="h-5 w-5 accent-brand-600" {...register('active')} />
          Promotion on
        </label>
        <div className="pt-6">
          <Button size="lg" type="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Promotion'}
          </Button>
        </div>
      </form>
    </section>
  );
}
