import type * as amqp from 'amqplib';
import { connectToBroker, type BrokerConnector } from '../events/broker-link';

/** Which of a service's broker links an outage hits: the outbox relay's, the consumer's, or both. */
export type BrokerLinkKind = 'relay' | 'consumer';

/**
 * For integration tests: a broker outage on demand, for the links of one app. Give `connect` to the app's event
 * bus (`startTestService` does); `cut()` closes the links' connections and makes every reconnection attempt
 * fail as if the broker were unreachable, `restore()` lets them reconnect on their own backoff schedule.
 */
export class BrokerOutage {
  private readonly open = new Map<amqp.ChannelModel, string>();
  private down: ((linkName: string) => boolean) | undefined;

  /** The connector to pass as the event bus's `connect`. */
  readonly connect: BrokerConnector = async (url, options) => {
    const name = options.clientProperties.connection_name;
    this.refuseIfDown(name);
    const connection = await connectToBroker(url, options);
    if (this.down?.(name)) {
      await connection.close().catch(() => undefined);
      this.refuseIfDown(name);
    }
    this.open.set(connection, name);
    connection.on('close', () => this.open.delete(connection));
    return connection;
  };

  /** Drops the connections of the given links (all when omitted); they stay unreachable until restore(). */
  async cut(link?: BrokerLinkKind): Promise<void> {
    const hit = (name: string) => !link || name.endsWith(`-${link}`);
    const before = this.down;
    this.down = (name) => hit(name) || (before?.(name) ?? false);
    const closing = [...this.open]
      .filter(([, name]) => hit(name))
      .map(([connection]) => connection.close().catch(() => undefined));
    await Promise.all(closing);
  }

  /** The broker is reachable again for every link. */
  restore(): void {
    this.down = undefined;
  }

  private refuseIfDown(name: string) {
    if (this.down?.(name)) throw new Error(`broker unreachable (outage simulated by the test for ${name})`);
  }
}
