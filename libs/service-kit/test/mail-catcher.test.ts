import { createServer, type AddressInfo, type Server } from 'node:net';
import { freePort, startMailCatcher, type MailCatcher } from '../src/testing';

describe('the dev mail catcher of the integration tests', () => {
  let taken: Server | undefined;
  let catcher: MailCatcher | undefined;
  afterEach(async () => {
    catcher?.close();
    await new Promise((resolve) => (taken ? taken.close(resolve) : resolve(undefined)));
  });

  it('starts again on other ports when a port it chose was taken before it could listen on it', async () => {
    const server = createServer();
    taken = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const takenPort = (server.address() as AddressInfo).port;
    const chosen: number[] = [];
    // The first port handed out is one another process listens on, as when it is taken between choosing and binding.
    const choose = async () => {
      const port = chosen.length === 0 ? takenPort : await freePort();
      chosen.push(port);
      return port;
    };

    catcher = await startMailCatcher(choose);

    expect(chosen[0]).toBe(takenPort);
    expect(chosen).toHaveLength(4);
    expect(catcher.smtpUrl).toBe(`smtp://127.0.0.1:${chosen[2]}`);
    expect(await catcher.all()).toEqual([]);
  });
});
