import { eq } from 'drizzle-orm';
import {
  conversationParticipants,
  conversations,
  messageAttachments,
  messageReactions,
  messages,
  notifications,
} from '../../db/schema';
import { generalConversationId } from '../../core/general-conversation';
import type { Cast, DemoWorld } from './world';

/**
 * Chat: General banter, a project group and two direct conversations, with a mention, reactions, an
 * edited message and a file.
 */
export async function seedChat({ db, now }: DemoWorld, { admin, maria, james, employees, nameOf }: Cast) {
  // Chat: General banter, a project group and two direct conversations.
  const general = { id: await generalConversationId(db) };
  const [group] = await db
    .insert(conversations)
    .values({ type: 'group', name: 'Website Relaunch', createdBy: maria.id })
    .returning();
  await db.insert(conversationParticipants).values(
    [maria, employees[0], employees[1], employees[2]].map((u) => ({
      conversationId: group.id,
      userId: u.id,
    })),
  );
  const direct = async (a: typeof maria, b: typeof maria) => {
    const key = [a.id, b.id].sort().join(':');
    const [c] = await db
      .insert(conversations)
      .values({ type: 'direct', directKey: key, createdBy: a.id })
      .returning();
    await db.insert(conversationParticipants).values([
      { conversationId: c.id, userId: a.id },
      { conversationId: c.id, userId: b.id },
    ]);
    return c;
  };
  const dm1 = await direct(maria, employees[0]);
  const dm2 = await direct(james, employees[3]);
  const lines: [string, typeof maria, string][] = [
    [general.id, admin, 'Welcome to Workbench, everyone! Post questions here.'],
    [general.id, maria, 'Morning all — sprint review is Thursday at 14:00.'],
    [general.id, employees[1], 'Thanks! Will the demo be recorded?'],
    [general.id, james, 'Yes, the recording goes to the shared drive.'],
    [group.id, maria, 'Pricing page design is ready for feedback.'],
    [group.id, employees[0], 'Looks great. @Maria Garcia, small note on the mobile spacing.'],
    [group.id, employees[2], 'I can pick up the CDN migration next.'],
    [group.id, employees[2], 'Last night’s load test, for the CDN decision.'],
    [dm1.id, maria, 'Do you have a minute to go over the onboarding checklist?'],
    [dm1.id, employees[0], 'Sure, after lunch?'],
    [dm2.id, james, 'Your load test results look solid, nice job.'],
  ];
  const sent = lines.map(([conversationId, u, content], i) => ({
    conversationId,
    senderId: u.id,
    content,
    createdAt: new Date(now.getTime() - (lines.length - i) * 17 * 60_000),
  }));
  const inserted = await db.insert(messages).values(sent).returning({ id: messages.id });
  const idOf = (start: string) => inserted[sent.findIndex((m) => m.content.startsWith(start))].id;
  const indexOf = (start: string) => sent.findIndex((m) => m.content.startsWith(start));
  // What the fuller chat shows (docs/product/chat.md): reactions, a corrected message, a file.
  const reactions: [string, (typeof maria)[], string][] = [
    ['Morning all', [admin, james, employees[1], employees[2]], '👍'],
    ['Pricing page design', [employees[0], employees[2]], '🎉'],
    ['Pricing page design', [employees[1]], '❤️'],
    ['Your load test results', [employees[3]], '😂'],
  ];
  await db
    .insert(messageReactions)
    .values(
      reactions.flatMap(([start, who, emoji]) =>
        who.map((u) => ({ messageId: idOf(start), userId: u.id, emoji })),
      ),
    );
  const corrected = indexOf('Yes, the recording');
  await db
    .update(messages)
    .set({ editedAt: new Date(sent[corrected].createdAt.getTime() + 3 * 60_000) })
    .where(eq(messages.id, inserted[corrected].id));
  const csv = [
    'minute,requests,p99_ms',
    ...Array.from({ length: 10 }, (_, i) => `${i + 1},${1200 + i * 35},${42 + (i % 4) * 6}`),
  ].join('\n');
  const file = Buffer.from(`${csv}\n`, 'utf8');
  await db.insert(messageAttachments).values({
    messageId: idOf('Last night’s load test'),
    fileName: 'load-test.csv',
    contentType: 'text/csv; charset=utf-8',
    size: file.length,
    data: file,
  });
  // What these messages told people (docs/product/chat.md#mentions): Maria was mentioned; Kwame was
  // away when James wrote to him directly.
  const mention = indexOf('Looks great.');
  const away = indexOf('Your load test results');
  const chatNotes: (typeof notifications.$inferInsert)[] = [
    {
      userId: maria.id,
      actorId: employees[0].id,
      kind: 'chat_mention',
      title: `${nameOf(employees[0].id)} mentioned you in “Website Relaunch”`,
      body: sent[mention].content,
      link: `/chat?c=${group.id}`,
      data: { conversationId: group.id, messageId: inserted[mention].id },
      createdAt: sent[mention].createdAt,
    },
    {
      userId: employees[3].id,
      actorId: james.id,
      kind: 'chat_direct_message',
      title: `${nameOf(james.id)} sent you a message`,
      body: sent[away].content,
      link: `/chat?c=${dm2.id}`,
      data: { conversationId: dm2.id, messageId: inserted[away].id },
      createdAt: sent[away].createdAt,
    },
  ];
  await db.insert(notifications).values(chatNotes);
  for (const c of [general, group, dm1, dm2]) {
    const last = sent.filter((m) => m.conversationId === c.id).at(-1);
    if (last)
      await db.update(conversations).set({ lastMessageAt: last.createdAt }).where(eq(conversations.id, c.id));
  }
  return { messages: sent.length, notifications: chatNotes.length };
}
