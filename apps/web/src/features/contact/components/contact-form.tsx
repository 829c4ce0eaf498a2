/**
 * The contact form. Unlike the specification's (which only logged the message locally), it sends the
 * message to the store: stored for the admins' Messages screen and mailed to the store's address.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { contactMessageInputSchema, type ContactMessageInput } from '@ebook/shared';
import { FormField } from '@/components/ui/form-field';
import { showError } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { useSendContactMessage } from '../api/send-message';
import { Button } from '@/components/ui/button';

export const contactSchema = contactMessageInputSchema;
export type ContactInput = ContactMessageInput;

export function ContactForm() {
  const [sentBy, setSentBy] = useState<string | null>(null);
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactInput>({ resolver: zodResolver(contactSchema) });

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        setSentBy(values.name);
        reset();
      },
      onError: (error) =>
        void showError('Error', errorText(error) ?? 'Your message could not be sent. Please try again later.'),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {sentBy && (
        <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-800">
          <p className="font-semibold">Thank you, {sentBy}!</p>
          <p className="text-sm">Your message has been sent. We will answer by e-mail.</p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <FormField label="Subject" error={errors.subject?.message} {...register('subject')} />
      <div className="space-y-1">
        <label htmlFor="contact-message" className="block text-sm font-medium text-stone-700">
          Message
        </label>
        <textarea
          id="contact-message"
          rows={6}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          className={`w-full rounded-lg border bg-white px-3 py-2 text-stone-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 ${
            errors.message ? 'border-red-500' : 'border-stone-300'
          }`}
          {...register('message')}
        />
        {errors.message && (
          <p id="contact-message-error" role="alert" className="text-sm text-red-600">
            {errors.message.message}
          </p>
        )}
      </div>
      <Button size="lg" type="submit" loading={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send Message'}
      </Button>
    </form>
  );
}
