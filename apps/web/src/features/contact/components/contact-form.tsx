/**
 * The contact form. As the specification says, submitting only logs the message locally; nothing is
 * sent to any server.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';

export const contactSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Keep your name under 100 characters'),
  email: z.string().trim().min(1, 'Email is required').email('Please enter a valid email'),
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Keep the subject under 200 characters'),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'Keep the message under 5000 characters'),
});
export type ContactInput = z.infer<typeof contactSchema>;

export function ContactForm() {
  const [sentBy, setSentBy] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactInput>({ resolver: zodResolver(contactSchema) });

  const onSubmit = handleSubmit((values) => {
    console.info('Contact form', values);
    setSentBy(values.name);
    reset();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {sentBy && (
        <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-800">
          <p className="font-semibold">Thank you, {sentBy}!</p>
          <p className="text-sm">For anything urgent, please call or e-mail us.</p>
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
      <button
        type="submit"
        className="rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white shadow hover:bg-brand-700"
      >
        Send Message
      </button>
    </form>
  );
}
