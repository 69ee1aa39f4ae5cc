import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a fixed port that can be stopped and started again; it keeps what it received. */
export function mailServer(port: number) {
  const received: ParsedMail[] = [];
  let server: SMTPServer | undefined;
  const self = {
    received,
    /** called with each mail received; answering true makes the server stop right after it */
    stopAfter: (_mail: ParsedMail) => false,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((mail) => {
              received.push(mail);
              callback();
              if (self.stopAfter(mail)) void self.stop();
            })
            .catch(callback);
        },
      });
      await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(resolve) : resolve()));
      server = undefined;
    },
    to: (email: string) => received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === email),
  };
  return self;
}

/** Polls `check` until it holds or the time is up; says which. */
export const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 8000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
};
