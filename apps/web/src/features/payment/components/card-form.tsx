import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  CARD_NUMBER_INPUT_MAX,
  CVV_LENGTH,
  EXPIRY_INPUT_MAX,
  cardInputSchema,
  formatCardNumberInput,
  formatCvvInput,
  formatExpiryInput,
  type Card,
  type CardInput,
} from '@ebook/shared';
import { FormField } from '@/components/ui/form-field';
import { TestModeBadge } from '@/components/ui/test-mode-badge';
import { confirmThenRun, showError, showLoginRequired, showSuccess } from '@/lib/alerts';
import { errorReason } from '@/lib/errors';
import { isSessionExpired } from '@/lib/auth/session-expiry';
import { useStoreInfo } from '@/lib/store-currency';
import { useDeleteCard } from '../api/delete-card';
import { useSaveCard } from '../api/save-card';
import { Button } from '@/components/ui/button';

const EMPTY: CardInput = { cardHolder: '', cardNumber: '', expiry: '', cvv: '' };

/**
 * 'Payment Details': create mode without a selected card, update/delete mode with one. A selected
 * card fills holder and expiry only: the number and CVV are never kept, so they are typed again.
 */
export function CardForm({
  selected,
  onDone,
  onAdded,
}: {
  selected: Card | null;
  onDone: () => void;
  /** A new card was saved (not an update): the checkout that sent the member here takes it. */
  onAdded?: (card: Card) => void;
}) {
  const save = useSaveCard();
  const remove = useDeleteCard();
  // Test numbers are shown only while the simulated gateway (the processor's test mode) is the one set up.
  const testMode = useStoreInfo()?.gateway === 'simulated';
  const { register, handleSubmit, reset, setValue, formState } = useForm<CardInput>({
    resolver: zodResolver(cardInputSchema),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    reset(selected ? { ...EMPTY, cardHolder: selected.cardHolder, expiry: selected.expiry } : EMPTY);
  }, [selected, reset]);

  const finish = () => {
    reset(EMPTY);
    onDone();
  };

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ cardId: selected?._id, input });
      void showSuccess(
        selected ? 'Updated' : 'Saved',
        selected ? 'Card updated successfully' : 'Card saved successfully',
      );
      finish();
      if (!selected) onAdded?.(saved.card);
    } catch (error) {
      // The session ended (signed out elsewhere, expired): the specification's warning for a visitor.
      if (isSessionExpired(error)) {
        void showLoginRequired('Please login to proceed.');
        return;
      }
      const reason = errorReason(error);
      void showError('Error', 'Failed to save card.', reason);
    }
  });

  const onDelete = async () => {
    if (!selected) return;
    const deleted = await confirmThenRun({
      confirm: {
        title: 'Are you sure?',
        text: `This will permanently delete the card ending ${selected.last4}.`,
        confirmText: 'Delete',
      },
      action: () => remove.mutateAsync(selected._id),
      success: ['Deleted', 'Card removed.'],
      failure: ['Error', 'Failed to delete card.'],
    });
    if (deleted) finish();
  };

  const { errors } = formState;
  const busy = save.isPending || remove.isPending;
  const cardNumber = register('cardNumber');
  const expiry = register('expiry');
  const cvv = register('cvv');

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 className="font-serif text-2xl font-bold text-stone-900">Payment Details</h2>
      {selected && (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-700">
          Editing the card ending {selected.last4}. For your safety the card number and CVV are never stored: type them
          again to update the card.
        </p>
      )}
      <FormField
        label="Name on Card"
        autoComplete="cc-name"
        error={errors.cardHolder?.message}
        {...register('cardHolder')}
      />
      <FormField
        label="Card Number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234-5678-9012-3456"
        maxLength={CARD_NUMBER_INPUT_MAX}
        error={errors.cardNumber?.message}
        {...cardNumber}
        onChange={(event) => {
          setValue('cardNumber', formatCardNumberInput(event.target.value), { shouldValidate: formState.isSubmitted });
        }}
      />
      <div className="grid grid-cols-2 gap-4">
        <FormField
          label="Valid Through (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={EXPIRY_INPUT_MAX}
          error={errors.expiry?.message}
          {...expiry}
          onChange={(event) => {
            setValue('expiry', formatExpiryInput(event.target.value), { shouldValidate: formState.isSubmitted });
          }}
        />
        <FormField
          label="CVV"
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="•••"
          maxLength={CVV_LENGTH}
          error={errors.cvv?.message}
          {...cvv}
          onChange={(event) => {
            setValue('cvv', formatCvvInput(event.target.value), { shouldValidate: formState.isSubmitted });
          }}
        />
      </div>
      {testMode ? (
        <p className="text-xs text-stone-600" data-testid="test-card-hint">
          <TestModeBadge /> 4242-4242-4242-4242 or 5555-5555-5555-4444 pay; 4000-0000-0000-0002 is declined and
          4000-0000-0000-9995 has insufficient funds at checkout. The CVV is checked by the payment processor and never
          stored.
        </p>
      ) : (
        <p className="text-xs text-stone-600">The CVV is checked by the payment processor and never stored.</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {save.isPending ? 'Saving...' : selected ? 'Update Card' : 'Save Card'}
        </Button>
        {selected && (
          <>
            <Button variant="danger" disabled={busy} onClick={() => void onDelete()}>
              Delete Card
            </Button>
            <Button variant="secondary" onClick={finish}>
              Add a new card instead
            </Button>
          </>
        )}
      </div>
    </form>
  );
}
