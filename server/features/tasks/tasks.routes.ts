import { z } from 'zod';
import { idParam } from '@contract/common';
import {
  addCommentRequest,
  createTaskRequest,
  myTasksQuery,
  reviewTaskRequest,
  submitTaskRequest,
  taskCommentSchema,
  taskSchema,
  tasksQuery,
  updateTaskStatusRequest,
} from '@contract/tasks';
import type { AppDeps, ZodApp } from '../../app';
import { currentUser } from '../../lib/auth';
import {
  addComment,
  changeStatus,
  createTask,
  listMyTasks,
  listTasks,
  reviewTask,
  submitForReview,
  togglePause,
} from './tasks.service';

const taskList = { 200: z.array(taskSchema) };
const oneTask = { 200: taskSchema };

/** Every route needs a session; who may touch which task is decided in the service (decisions §4). */
export async function tasksRoutes(app: ZodApp, deps: AppDeps) {
  const { db, clock } = deps;
  const signedIn = deps.guard();

  app.get(
    '/api/my-tasks',
    { preValidation: signedIn, schema: { querystring: myTasksQuery, response: taskList } },
    async (request) => listMyTasks(db, currentUser(request), request.query),
  );

  app.get(
    '/api/tasks',
    { preValidation: signedIn, schema: { querystring: tasksQuery, response: taskList } },
    async (request) => listTasks(db, currentUser(request), request.query),
  );

  app.post(
    '/api/tasks',
    { preValidation: signedIn, schema: { body: createTaskRequest, response: { 201: taskSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createTask(db, currentUser(request), request.body, clock.now())),
  );

  app.patch(
    '/api/tasks/:id',
    {
      preValidation: signedIn,
      schema: { params: idParam, body: updateTaskStatusRequest, response: oneTask },
    },
    async (request) =>
      changeStatus(db, currentUser(request), request.params.id, request.body.status, clock.now()),
  );

  app.patch(
    '/api/tasks/:id/pause',
    { preValidation: signedIn, schema: { params: idParam, response: oneTask } },
    async (request) => togglePause(db, currentUser(request), request.params.id, clock.now()),
  );

  app.patch(
    '/api/tasks/:id/submit',
    { preValidation: signedIn, schema: { params: idParam, body: submitTaskRequest, response: oneTask } },
    async (request) =>
      submitForReview(db, currentUser(request), request.params.id, request.body.submissionNotes, clock.now()),
  );

  app.patch(
    '/api/tasks/:id/review',
    {
      preValidation: deps.guard(['manager', 'admin']),
      schema: { params: idParam, body: reviewTaskRequest, response: oneTask },
    },
    async (request) => reviewTask(db, currentUser(request), request.params.id, request.body, clock.now()),
  );

  app.post(
    '/api/tasks/:id/comments',
    {
      preValidation: signedIn,
      schema: { params: idParam, body: addCommentRequest, response: { 201: taskCommentSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addComment(db, currentUser(request), request.params.id, request.body, clock.now())),
  );
}
