import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardIdParamSchema, cardInputSchema, cardSavedSchema, cardSchema, okSchema } from '@ebook/shared';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.js';
import { presentCard } from './payment.presenter.js';
import { deleteCard, listCards, saveCard, updateCard } from './payment.service.js';

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payment',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payment'],
        summary: "The caller's saved cards (masked)",
        response: { 200: z.array(cardSchema) },
      },
    },
    async (request) => (await listCards(app.db, callerOf(request).id)).map(presentCard),
  );

  app.post(
    '/payment',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payment'],
        summary: 'Save a card through the payment gateway (the CVV is checked, never stored)',
        body: cardInputSchema,
        response: { 201: cardSavedSchema },
      },
    },
    async (request, reply) => {
      const card = await saveCard(app, { userId: callerOf(request).id, input: request.body });
      return reply.status(201).send({ msg: 'Card saved successfully', card: presentCard(card) });
    },
  );

  app.put(
    '/payment/:cardId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payment'],
        summary: 'Replace a saved card (number and CVV re-entered)',
        params: cardIdParamSchema,
        body: cardInputSchema,
        response: { 200: cardSavedSchema },
      },
    },
    async (request) => {
      const card = await updateCard(app, {
        userId: callerOf(request).id,
        cardId: request.params.cardId,
        input: request.body,
      });
      return { msg: 'Card updated successfully', card: presentCard(card) };
    },
  );

  app.delete(
    '/payment/:cardId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['payment'],
        summary: 'Delete a saved card',
        params: cardIdParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteCard(app, { userId: callerOf(request).id, cardId: request.params.cardId });
      return { msg: 'Card removed.' };
    },
  );
};

export default paymentRoutes;
